// The site's search index, written by Pagefind into dist/pagefind/ as part of the build. What is searched
// is marked in the pages themselves: the layout puts `data-pagefind-body` on the <main> of the pages people
// search for (src/layouts/Page.astro: the services, the projects, the posts and the privacy policy, none
// that asks search engines not to index it), and Pagefind leaves out every page without the mark. Each
// page is found under its address in dist/. Pagefind keeps one index per language (each page's
// <html lang>), and the header's search dialog (src/scripts/search-dialog.ts) loads it only when opened.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import * as pagefind from 'pagefind';

export async function writeSearchIndex(dist: string): Promise<number> {
  const { index, errors } = await pagefind.createIndex();
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  try {
    const added = await index.addDirectory({ path: dist });
    if (added.errors.length > 0) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
    const out = path.join(dist, 'pagefind');
    const written = await index.writeFiles({ outputPath: out });
    if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    // Pagefind's ready-made interfaces: the site has its own dialog, so they are never loaded.
    for (const file of await readdir(out))
      if (/^pagefind-(ui|modular-ui|component-ui|highlight)\./.test(file)) await rm(path.join(out, file));
    // Pages read and pages indexed differ: Pagefind leaves out every page without the mark.
    const entry = JSON.parse(await readFile(path.join(out, 'pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
    return Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
  } finally {
    await pagefind.close();
  }
}
