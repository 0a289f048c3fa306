// Translation in the gettext manner: the English text is the key, so an English page shows exactly the
// words it always did, and a text with no translation yet shows in English rather than as a blank. Each
// place that runs has its own catalog (pages at build time, the islands in the browser, the server's
// mails), so a bundle carries only the texts it can show.
import { DEFAULT_LOCALE, type Locale } from './locales.ts';

/** English text -> its translation, per language other than English. */
export type Catalog = Readonly<Record<string, string>>;

/** A group of texts in each language other than English: { hi: { 'Send': 'भेजें', ... } }. */
export type Catalogs = Partial<Record<Locale, Catalog>>;

/**
 * A group's catalogs as Vite's glob import finds them, one file per language folder
 * (src/i18n/<code>/<group>.ts), by the folder's language code; several groups are joined per language,
 * the later winning (a shared group first, an island's own after).
 */
export function byLanguage(...groups: Record<string, Catalog>[]): Catalogs {
  const catalogs: Record<string, Catalog> = {};
  for (const found of groups)
    for (const [file, catalog] of Object.entries(found)) {
      const locale = file.split('/').at(-2)!;
      catalogs[locale] = { ...catalogs[locale], ...catalog };
    }
  return catalogs;
}

/** Fills `{name}` blanks: fill('{count} posts', { count: 3 }) is "3 posts". */
export function fill(text: string, values?: Record<string, string | number>): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (blank, name: string) => (name in values ? String(values[name]) : blank));
}

export type Translate = (english: string, values?: Record<string, string | number>) => string;

/** What code outside a component needs of its caller's language: its texts, and its site paths. */
export interface Localizer {
  t: Translate;
  /** A site path in the language: path('/login') is '/hi/login' on a Hindi page. */
  path: (sitePath: string) => string;
}

/** The translator of one language over its catalogs (English needs none: the key is the text). */
export function translator(locale: Locale, catalogs: Catalogs): Translate {
  const catalog = locale === DEFAULT_LOCALE ? undefined : catalogs[locale];
  return (english, values) => fill(catalog?.[english] ?? english, values);
}
