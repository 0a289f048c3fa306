// The translations of the public site's islands: the shared components' texts and their own
// (src/i18n/<code>/ui.ts, site.ts), the page's language only (loadCatalogs). Made once, so that the
// language each island provides never changes while a page lives.
import type { Catalog } from '../../i18n/translate.ts';
import { loadCatalogs } from '../ui/i18n.tsx';

export const TRANSLATIONS = await loadCatalogs(
  import.meta.glob<Catalog>('../../i18n/*/ui.ts', { import: 'UI' }),
  import.meta.glob<Catalog>('../../i18n/*/site.ts', { import: 'SITE' }),
);
