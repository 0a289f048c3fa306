// The translations of the sign-in islands: the shared components' texts and their own (src/i18n/<code>/
// site.ts holds the sign-in screens' texts with the public site's), in each language but English, found
// by folder. Only the pages of those languages load this module (through each island's .translated.tsx
// twin). Made once, so that the language each <Translated> provides never changes while a page lives.
import { byLanguage, type Catalog } from '../../i18n/translate.ts';

export const TRANSLATIONS = byLanguage(
  import.meta.glob<Catalog>('../../i18n/*/ui.ts', { eager: true, import: 'UI' }),
  import.meta.glob<Catalog>('../../i18n/*/site.ts', { eager: true, import: 'SITE' }),
);
