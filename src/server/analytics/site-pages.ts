// The site's own pages, as the build wrote them (dist/site-pages.json, src/build/site-pages.ts):
// only views of these are counted, so a stranger's made-up paths never reach the database. Matched
// without regard to case, as the static server matches them, and stored in the build's spelling.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const SITE_PAGES_FILE = 'site-pages.json';

export interface SitePages {
  /** Where the list came from: the build, or none (every path counts; a development server). */
  source: 'build' | 'none';
  list: readonly string[];
  /** The page's spelling in the build, or undefined when it is not one of the site's pages. */
  canonical(path: string): string | undefined;
}

export function pagesFrom(list: readonly string[]): SitePages {
  const byLower = new Map(list.map((p) => [p.toLowerCase(), p]));
  return { source: 'build', list, canonical: (p) => byLower.get(p.toLowerCase()) };
}

/** No build beside this process: every path of the site's shape counts. */
export const ANY_PAGE: SitePages = { source: 'none', list: ['/'], canonical: (p) => p };

export async function sitePages(distDir: string): Promise<SitePages> {
  let text: string;
  try {
    text = await readFile(path.join(distDir, SITE_PAGES_FILE), 'utf8');
  } catch {
    return ANY_PAGE;
  }
  const list: unknown = JSON.parse(text);
  if (!Array.isArray(list) || !list.every((p) => typeof p === 'string' && p.startsWith('/'))) {
    throw new Error(`${SITE_PAGES_FILE} in ${distDir} is not a list of paths`);
  }
  return pagesFrom(list);
}
