// The pages of the languages other than English: src/pages/[locale]/ renders each English page again
// under its language's prefix (/hi/contact), in the language Astro reads from the address. A language
// added to LOCALES gets all its pages from here, with no new page file.
import type { GetStaticPathsItem } from 'astro';
import { DEFAULT_LOCALE, LOCALES } from './locales.ts';

/** Every language but English: the ones with a prefix of their own. */
export const PREFIXED_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/** A page without parameters of its own, once per prefixed language. */
export const everyLanguage = () => PREFIXED_LOCALES.map((locale) => ({ params: { locale } }));

/** An English page's own paths (its getStaticPaths' answer), once per prefixed language. */
export async function everyLanguageOf(english: GetStaticPathsItem[] | Promise<GetStaticPathsItem[]>) {
  const paths = await english;
  return PREFIXED_LOCALES.flatMap((locale) => paths.map((p) => ({ ...p, params: { ...p.params, locale } })));
}
