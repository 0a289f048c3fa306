// Which built pages the sitemap leaves out besides the account screens: every page that asks search
// engines not to index it (<meta name="robots" content="noindex">), such as a Hindi page still showing
// an untranslated entry in English. Read from the built HTML, so the page itself is the one place that
// says it; the sitemap runs when the build is done, with every page written.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { elements, parsePage } from './html.ts';

let outDir: string | undefined;

/** Notes where the build writes (`--outDir` included), for isNoindexPage. Listed before the sitemap. */
export function sitemapPages(): AstroIntegration {
  return {
    name: 'agency-sitemap-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
    },
  };
}

/** Whether a page asks search engines not to index it (`<meta name="robots" content="noindex">`). */
function isNoindex(html: string): boolean {
  const robots = elements(parsePage(html), (e) => e.name === 'meta' && e.attribs.name?.toLowerCase() === 'robots');
  return robots.some((meta) => /\bnoindex\b/i.test(meta.attribs.content ?? ''));
}

export function isNoindexPage(pageUrl: string): boolean {
  if (!outDir) return false;
  const pathname = decodeURIComponent(new URL(pageUrl).pathname);
  const file = [
    path.join(outDir, pathname, 'index.html'),
    path.join(outDir, `${pathname.replace(/\/$/, '')}.html`),
  ].find(existsSync);
  return file !== undefined && isNoindex(readFileSync(file, 'utf8'));
}
