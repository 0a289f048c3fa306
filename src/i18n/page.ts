// The language of the page being built, for .astro pages and components: Astro's i18n routing gives the
// page's locale (Astro.currentLocale, from its address); this gives its texts, its site lines and its links.
import { siteIn } from '../lib/site-translations.ts';

import { DEFAULT_LOCALE, isLocale, LANGUAGES, localePath, type Locale } from './locales.ts';
import { byLanguage, type Catalog, translator } from './translate.ts';

// Each language's texts of the pages, found by folder: src/i18n/<code>/pages.ts.
const PAGES = byLanguage(import.meta.glob<Catalog>('./*/pages.ts', { eager: true, import: 'PAGES' }));

export function pageLanguage(currentLocale: string | undefined) {
  const locale: Locale = isLocale(currentLocale) ? currentLocale : DEFAULT_LOCALE;
  return {
    locale,
    /** The page's texts: the English text is the key (src/i18n/translate.ts). */
    t: translator(locale, PAGES),
    /** A site path in the page's language: path('/contact') is '/hi/contact' on a Hindi page. */
    path: (sitePath: string) => localePath(sitePath, locale),
    /** content/site.json in the page's language. */
    site: siteIn(locale),
    /** Dates and numbers in the language's Indian convention. */
    intl: LANGUAGES[locale].intl,
  };
}
