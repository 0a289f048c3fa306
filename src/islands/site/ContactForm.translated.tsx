// ContactForm on the pages of every language but English: the island with its translations, so that
// English pages' bundles carry none.
import type { Locale } from '../../i18n/locales.ts';
import { TRANSLATIONS } from './catalogs.ts';
import ContactForm from './ContactForm.tsx';

export default function ContactFormTranslated({ locale }: { locale: Locale }) {
  return <ContactForm locale={locale} catalogs={TRANSLATIONS} />;
}
