// ForgotPassword on the pages of every language but English: the island with its translations, so that
// English pages' bundles carry none.
import type { Locale } from '../../i18n/locales.ts';
import { TRANSLATIONS } from './catalogs.ts';
import ForgotPassword from './ForgotPassword.tsx';

export default function ForgotPasswordTranslated({ locale }: { locale: Locale }) {
  return <ForgotPassword locale={locale} catalogs={TRANSLATIONS} />;
}
