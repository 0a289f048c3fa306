// Reading content collections in pages (build time only). The schemas check each file on its own; these
// checks span files: a page's copy that must exist, and card positions that must not collide. Both stop
// the build with a message that names the files to change.
import { getCollection, getEntry, type CollectionEntry, type DataEntryMap } from 'astro:content';

type Ordered = 'services' | 'projects' | 'featured';

/** One file the page cannot do without, e.g. content/intros/projects.md. */
export async function requireEntry<C extends keyof DataEntryMap>(
  collection: C,
  id: string,
  file: string,
): Promise<CollectionEntry<C>> {
  const entry = await getEntry(collection, id);
  if (!entry)
    throw new Error(
      `${file} is missing: the page needs it. Restore it from the repository's history or create it again.`,
    );
  return entry as CollectionEntry<C>;
}

/** A page's heading, opening paragraph and search title: content/intros/{id}.md. */
export const intro = (id: string) => requireEntry('intros', id, `content/intros/${id}.md`);

/** The intro of a page or section with a button or link, whose label (`action`) the file must give. */
export async function introWithAction(id: string): Promise<CollectionEntry<'intros'> & { action: string }> {
  const entry = await intro(id);
  const { action } = entry.data;
  if (!action)
    throw new Error(
      `content/intros/${id}.md has no "action": add the label of its button or link, for example: action: Learn More`,
    );
  return Object.assign(entry, { action });
}

/** The entries of a collection in the order their `order` fields give; two files with one number stop the build. */
export async function inOrder<C extends Ordered>(collection: C): Promise<CollectionEntry<C>[]> {
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
  return entries.sort((a, b) => a.data.order - b.data.order);
}
