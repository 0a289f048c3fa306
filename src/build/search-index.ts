// The site's search index, written by Pagefind into dist/pagefind/ as part of the build: the pages people
// search for (the services, the projects, the posts and the privacy policy), each by the text of its
// <main>, under the address its canonical link gives. Pagefind keeps one index per language (each page's
// <html lang>), and the header's search dialog (src/scripts/search-dialog.ts) loads it only when opened.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import * as pagefind from 'pagefind';
import { pages } from './first-flight.ts';

/**
 * The built pages that are searched, by path in dist/, in every language (hi/projects/index.html); the
 * not-found shells and tag listings are not, nor a page still waiting for its translation (noindex).
 */
export const SEARCHED_PAGES = [
  /^([a-z]{2}\/)?service-details\/(?!404\/)[^/]+\/index\.html$/,
  /^([a-z]{2}\/)?projects\/index\.html$/,
  /^([a-z]{2}\/)?blog\/(?!tags\/|page\/)[^/]+\/index\.html$/,
  /^([a-z]{2}\/)?policy\/index\.html$/,
];

export async function writeSearchIndex(dist: string): Promise<number> {
  const { index, errors } = await pagefind.createIndex({ rootSelector: 'main' });
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  let count = 0;
  try {
    for (const file of await pages(dist)) {
      if (!SEARCHED_PAGES.some((re) => re.test(path.relative(dist, file).split(path.sep).join('/')))) continue;
      const content = await readFile(file, 'utf8');
      if (content.includes('<meta name="robots" content="noindex"')) continue;
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(content)?.[1];
      if (!canonical) throw new Error(`${file} has no canonical link to be found under`);
      const added = await index.addHTMLFile({ url: new URL(canonical).pathname, content });
      if (added.errors.length > 0) throw new Error(`Pagefind on ${file}: ${added.errors.join('; ')}`);
      count++;
    }
    const out = path.join(dist, 'pagefind');
    const written = await index.writeFiles({ outputPath: out });
    if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    // Pagefind's ready-made interfaces: the site has its own dialog, so they are never loaded.
    for (const file of await readdir(out))
      if (/^pagefind-(ui|modular-ui|component-ui|highlight)\./.test(file)) await rm(path.join(out, file));
  } finally {
    await pagefind.close();
  }
  return count;
}
