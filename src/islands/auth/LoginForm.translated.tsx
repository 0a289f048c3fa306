// LoginForm on the pages of every language but English: the island with its translations, so that
// English pages' bundles carry none.
import type { Locale } from '../../i18n/locales.ts';
import { TRANSLATIONS } from './catalogs.ts';
import LoginForm from './LoginForm.tsx';

export default function LoginFormTranslated({ locale }: { locale: Locale }) {
  return <LoginForm locale={locale} catalogs={TRANSLATIONS} />;
}
