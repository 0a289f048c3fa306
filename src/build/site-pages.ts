// Writes dist/site-pages.json: every page the build made (a folder with an index.html, the 404 shells
// left out), decoded as a browser reports location.pathname. The analytics count views of these only.
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SITE_PAGES_FILE } from '../server/analytics/site-pages.ts';

export async function writeSitePages(dist: string): Promise<number> {
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  const pages = entries
    .filter((e) => e.isFile() && e.name === 'index.html')
    .map((e) => `/${path.relative(dist, e.parentPath).split(path.sep).join('/')}`.replace(/\/$/, '') || '/')
    .filter((page) => !/(^|\/)404$/.test(page))
    .sort();
  await writeFile(path.join(dist, SITE_PAGES_FILE), `${JSON.stringify(pages, null, 1)}\n`);
  return pages.length;
}
