// CookieBanner on the pages of every language but English: the island with its translations, so that
// English pages' bundles carry none.
import type { Locale } from '../../i18n/locales.ts';
import { TRANSLATIONS } from './catalogs.ts';
import CookieBanner from './CookieBanner.tsx';

export default function CookieBannerTranslated({ locale }: { locale: Locale }) {
  return <CookieBanner locale={locale} catalogs={TRANSLATIONS} />;
}
