// The translations of the signed-in islands (/account's panels, the dashboard): the shared components'
// texts and their own (src/i18n/<code>/ui.ts, account.ts; their own win), the page's language only
// (loadCatalogs).
import type { Catalog } from '../../i18n/translate.ts';
import { loadCatalogs } from '../ui/i18n.tsx';

export const TRANSLATIONS = await loadCatalogs(
  import.meta.glob<Catalog>('../../i18n/*/ui.ts', { import: 'UI' }),
  import.meta.glob<Catalog>('../../i18n/*/account.ts', { import: 'ACCOUNT' }),
);
