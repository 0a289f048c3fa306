// The translations of the sign-in islands: the shared components' texts and their own (src/i18n/<code>/
// site.ts holds the sign-in screens' texts with the public site's), the page's language only
// (loadCatalogs).
import type { Catalog } from '../../i18n/translate.ts';
import { loadCatalogs } from '../ui/i18n.tsx';

export const TRANSLATIONS = await loadCatalogs(
  import.meta.glob<Catalog>('../../i18n/*/ui.ts', { import: 'UI' }),
  import.meta.glob<Catalog>('../../i18n/*/site.ts', { import: 'SITE' }),
);
