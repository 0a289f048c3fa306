// The translations of the public site's islands: the shared components' texts and their own, in each
// language but English, found by folder (src/i18n/<code>/ui.ts, site.ts). Only the pages of those
// languages load this module (through each island's .translated.tsx twin). Made once, so that the
// language each <Translated> provides never changes while a page lives.
import { byLanguage, type Catalog } from '../../i18n/translate.ts';

export const TRANSLATIONS = byLanguage(
  import.meta.glob<Catalog>('../../i18n/*/ui.ts', { eager: true, import: 'UI' }),
  import.meta.glob<Catalog>('../../i18n/*/site.ts', { eager: true, import: 'SITE' }),
);
