// ManageBooking on the pages of every language but English: the island with its translations, so that
// English pages' bundles carry none.
import type { Locale } from '../../i18n/locales.ts';
import { TRANSLATIONS } from './catalogs.ts';
import ManageBooking from './ManageBooking.tsx';

export default function ManageBookingTranslated({ locale }: { locale: Locale }) {
  return <ManageBooking locale={locale} catalogs={TRANSLATIONS} />;
}
