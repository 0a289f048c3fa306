// The catalogs of the sign-in islands: the shared components' texts and their own (src/i18n/hi/site.ts
// holds the sign-in screens' texts with the public site's). Made once, so that the language each
// <Translated> provides never changes while a page lives.
import { SITE } from '../../i18n/hi/site.ts';
import { UI } from '../../i18n/hi/ui.ts';

export const HI = { hi: { ...UI, ...SITE } };
