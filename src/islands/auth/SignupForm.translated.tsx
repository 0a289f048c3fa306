// SignupForm on the pages of every language but English: the island with its translations, so that
// English pages' bundles carry none.
import type { Locale } from '../../i18n/locales.ts';
import { TRANSLATIONS } from './catalogs.ts';
import SignupForm from './SignupForm.tsx';

export default function SignupFormTranslated({ locale }: { locale: Locale }) {
  return <SignupForm locale={locale} catalogs={TRANSLATIONS} />;
}
