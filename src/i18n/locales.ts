// The site's languages, stated once: Astro's i18n routing (astro.config.mjs), the pages, the islands, the
// editor at /cms/, the sitemap and the server's mails read them from here. English is the default and
// keeps its addresses (/contact); every other language lives under its own prefix (/hi/contact).
// Adding a language: a line here, its catalogs in src/i18n/<code>/, its folders in content/.

export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** What each language needs besides its code: its own name (the switcher), Intl's tag, Open Graph's. */
export const LANGUAGES: Record<Locale, { name: string; intl: string; openGraph: string }> = {
  en: { name: 'English', intl: 'en-IN', openGraph: 'en_IN' },
  hi: { name: 'हिन्दी', intl: 'hi-IN', openGraph: 'hi_IN' },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A code as it may arrive (an Accept-Language entry, a stored value): 'hi-IN' is 'hi'; unknown is English. */
export function toLocale(value: string | null | undefined): Locale {
  const code = value
    ?.trim()
    .toLowerCase()
    .split(/[-_;,]/)[0];
  return isLocale(code) ? code : DEFAULT_LOCALE;
}

/** The language of a site path: '/hi/contact' is Hindi, '/contact' English. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** A path without its language prefix: '/hi/contact' -> '/contact', '/hi' -> '/'. */
export function withoutLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname;
  const rest = pathname.slice(locale.length + 1);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** A site path in `locale`: ('/contact', 'hi') -> '/hi/contact'; English paths stay as they are. */
export function localePath(path: string, locale: Locale): string {
  const bare = withoutLocale(path);
  if (locale === DEFAULT_LOCALE) return bare;
  return bare === '/' ? `/${locale}/` : `/${locale}${bare}`;
}
