// The language of an island: its page passes `locale` (Astro.currentLocale) to the island's root, which
// wraps its tree in <Translated> with its catalog; every component below reads `useT()`. A prop rather
// than the document's `lang`: islands are also rendered at build time, where there is no document.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { DEFAULT_LOCALE, localePath, type Locale } from '../../i18n/locales.ts';
import {
  byLanguage,
  type Catalog,
  type Catalogs,
  translator,
  type Localizer,
  type Translate,
} from '../../i18n/translate.ts';

export type { Catalogs };

interface Language extends Localizer {
  locale: Locale;
}

const english: Language = {
  locale: DEFAULT_LOCALE,
  t: translator(DEFAULT_LOCALE, {}),
  path: (sitePath) => sitePath,
};

const LanguageContext = createContext<Language>(english);

/**
 * A family of islands' catalogs, from Vite's lazy glob of each group (src/i18n/<code>/<group>.ts), joined as
 * byLanguage joins them. At build every language's, for the pages of each; in a browser only the page's
 * own (<html lang>), each file its own chunk: an English page loads none, a Hindi page no other language's.
 * Awaited at the top of the family's module, so an island's texts are there when it renders.
 */
export async function loadCatalogs(...groups: Record<string, () => Promise<Catalog>>[]): Promise<Catalogs> {
  const page = import.meta.env.SSR ? null : document.documentElement.lang;
  const loaded = await Promise.all(
    groups.map(async (group) => {
      const files = Object.entries(group).filter(([file]) => page === null || file.split('/').at(-2) === page);
      return Object.fromEntries(await Promise.all(files.map(async ([file, load]) => [file, await load()] as const)));
    }),
  );
  return byLanguage(...loaded);
}

/** `catalogs`: the island's Hindi texts (its own and the shared ones of src/i18n/hi/ui.ts). */
export function Translated({
  locale = DEFAULT_LOCALE,
  catalogs,
  children,
}: {
  locale?: Locale;
  catalogs: Catalogs;
  children: ReactNode;
}) {
  const value = useMemo<Language>(
    () => ({ locale, t: translator(locale, catalogs), path: (sitePath) => localePath(sitePath, locale) }),
    [locale, catalogs],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export const useLanguage = (): Language => useContext(LanguageContext);
export const useT = (): Translate => useContext(LanguageContext).t;
