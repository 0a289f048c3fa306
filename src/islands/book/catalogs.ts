// The translations of the booking islands (/book, /book/manage): the shared components' texts and their
// own (src/i18n/<code>/ui.ts, book.ts), the page's language only (loadCatalogs).
import type { Catalog } from '../../i18n/translate.ts';
import { loadCatalogs } from '../ui/i18n.tsx';

export const TRANSLATIONS = await loadCatalogs(
  import.meta.glob<Catalog>('../../i18n/*/ui.ts', { import: 'UI' }),
  import.meta.glob<Catalog>('../../i18n/*/book.ts', { import: 'BOOK' }),
);
