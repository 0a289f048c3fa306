// BookCall on the pages of every language but English: the island with its translations, so that English
// pages' bundles carry none.
import type { Locale } from '../../i18n/locales.ts';
import BookCall from './BookCall.tsx';
import { TRANSLATIONS } from './catalogs.ts';

export default function BookCallTranslated({ locale }: { locale: Locale }) {
  return <BookCall locale={locale} catalogs={TRANSLATIONS} />;
}
