// Reading content collections in pages (build time only), in the page's language. The schemas check each
// file on its own; these checks span files: a page's copy that must exist, and card positions that must
// not collide. Both stop the build with a message that names the files to change.
import { getCollection, getEntry, type CollectionEntry, type DataEntryMap } from 'astro:content';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales.ts';
import { translationCollection, type CollectionName } from './schemas/content.ts';

type Ordered = 'services' | 'projects' | 'featured';
type Translatable = keyof DataEntryMap & CollectionName;

/**
 * An entry as a page in one language shows it: the English entry with its translation's fields and body
 * laid over it, or the English entry alone (`translated: false`) while no translation exists, which the
 * page marks with a notice and leaves out of its language alternates.
 */
export type Localized<C extends Translatable> = CollectionEntry<C> & { translated: boolean };

const fileName = (entry: { id: string; filePath?: string }) => entry.filePath?.split('/').pop() ?? `${entry.id}.md`;

const translationsByFile = new Map<string, Promise<Map<string, CollectionEntry<Translatable>>>>();

/** A language's translations of a collection, by file name (content/services/hi/automation.md: "automation.md"). */
function translations(collection: Translatable, locale: Locale) {
  const name = translationCollection(collection, locale);
  let found = translationsByFile.get(name);
  if (!found) {
    found = (getCollection(name as Translatable) as Promise<CollectionEntry<Translatable>[]>).then(
      (entries) => new Map(entries.map((entry) => [fileName(entry), entry])),
    );
    translationsByFile.set(name, found);
  }
  return found;
}

/** `entry` in `locale`: see Localized. English entries are returned as they are. */
export async function localize<E extends CollectionEntry<Translatable>>(
  entry: E,
  locale: Locale,
): Promise<E & { translated: boolean }> {
  if (locale === DEFAULT_LOCALE) return { ...entry, translated: true };
  const translation = (await translations(entry.collection as Translatable, locale)).get(fileName(entry));
  if (!translation) return { ...entry, translated: false };
  return {
    ...entry,
    data: { ...entry.data, ...translation.data },
    body: translation.body,
    rendered: translation.rendered,
    filePath: translation.filePath,
    translated: true,
  } as unknown as E & { translated: boolean };
}

/** One file the page cannot do without, e.g. content/intros/projects.md, in the page's language. */
export async function requireEntry<C extends Translatable>(
  collection: C,
  id: string,
  file: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Localized<C>> {
  const entry = await getEntry(collection, id);
  if (!entry)
    throw new Error(
      `${file} is missing: the page needs it. Restore it from the repository's history or create it again.`,
    );
  return localize(entry as CollectionEntry<C>, locale) as Promise<Localized<C>>;
}

/** A page's heading, opening paragraph and search title: content/intros/{id}.md. */
export const intro = (id: string, locale: Locale = DEFAULT_LOCALE) =>
  requireEntry('intros', id, `content/intros/${id}.md`, locale);

/** The intro of a page or section with a button or link, whose label (`action`) the file must give. */
export async function introWithAction(
  id: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Localized<'intros'> & { action: string }> {
  const entry = await intro(id, locale);
  const { action } = entry.data;
  if (!action)
    throw new Error(
      `content/intros/${id}.md has no "action": add the label of its button or link, for example: action: Learn More`,
    );
  return Object.assign(entry, { action });
}

/** The entries of a collection in the order their `order` fields give; two files with one number stop the build. */
export async function inOrder<C extends Ordered>(
  collection: C,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Localized<C>[]> {
  const entries = (await getCollection(collection)) as CollectionEntry<C>[];
  const byOrder = new Map<number, string>();
  for (const entry of entries) {
    const file = entry.filePath ?? entry.id;
    const other = byOrder.get(entry.data.order);
    if (other)
      throw new Error(
        `${other} and ${file} both have "order: ${entry.data.order}": give each its own number (it sets its place on the page).`,
      );
    byOrder.set(entry.data.order, file);
  }
  entries.sort((a, b) => a.data.order - b.data.order);
  return Promise.all(entries.map((entry) => localize(entry, locale) as Promise<Localized<C>>));
}

/** The languages a page made of `entries` is written in: English, and each that translates all of them. */
export async function writtenIn(...entries: CollectionEntry<Translatable>[]): Promise<Locale[]> {
  const found = await Promise.all(
    LOCALES.map(async (locale) =>
      (await Promise.all(entries.map((entry) => localize(entry, locale)))).every((entry) => entry.translated)
        ? locale
        : undefined,
    ),
  );
  return found.filter((locale) => locale !== undefined);
}
