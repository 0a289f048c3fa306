// EmailVerify on the pages of every language but English: the island with its translations, so that
// English pages' bundles carry none.
import type { Locale } from '../../i18n/locales.ts';
import { TRANSLATIONS } from './catalogs.ts';
import EmailVerify from './EmailVerify.tsx';

export default function EmailVerifyTranslated({ locale }: { locale: Locale }) {
  return <EmailVerify locale={locale} catalogs={TRANSLATIONS} />;
}
