// Toaster on the pages of every language but English: the island with its translations, so that
// English pages' bundles carry none.
import type { Locale } from '../../i18n/locales.ts';
import { TRANSLATIONS } from './catalogs.ts';
import Toaster from './Toaster.tsx';

export default function ToasterTranslated({ locale }: { locale: Locale }) {
  return <Toaster locale={locale} catalogs={TRANSLATIONS} />;
}
