// The translations of the booking islands (/book, /book/manage): the shared components' texts and their
// own, in each language but English, found by folder (src/i18n/<code>/ui.ts, book.ts). Only the pages of
// those languages load this module, through each island's .translated.tsx twin.
import { byLanguage, type Catalog } from '../../i18n/translate.ts';

export const TRANSLATIONS = byLanguage(
  import.meta.glob<Catalog>('../../i18n/*/ui.ts', { eager: true, import: 'UI' }),
  import.meta.glob<Catalog>('../../i18n/*/book.ts', { eager: true, import: 'BOOK' }),
);
