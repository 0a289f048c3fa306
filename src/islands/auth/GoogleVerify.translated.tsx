// GoogleVerify on the pages of every language but English: the island with its translations, so that
// English pages' bundles carry none.
import type { Locale } from '../../i18n/locales.ts';
import { TRANSLATIONS } from './catalogs.ts';
import GoogleVerify from './GoogleVerify.tsx';

export default function GoogleVerifyTranslated({ locale }: { locale: Locale }) {
  return <GoogleVerify locale={locale} catalogs={TRANSLATIONS} />;
}
