// Which built pages the sitemap leaves out besides the account screens: every page that asks search
// engines not to index it (<meta name="robots" content="noindex">), such as a Hindi page still showing
// an untranslated entry in English. Read from the built HTML, so the page itself is the one place that
// says it; the sitemap runs when the build is done, with every page written.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

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

const NOINDEX = /<meta name="robots" content="noindex"/;

export function isNoindexPage(pageUrl: string): boolean {
  if (!outDir) return false;
  const pathname = decodeURIComponent(new URL(pageUrl).pathname);
  const file = [
    path.join(outDir, pathname, 'index.html'),
    path.join(outDir, `${pathname.replace(/\/$/, '')}.html`),
  ].find(existsSync);
  return file !== undefined && NOINDEX.test(readFileSync(file, 'utf8'));
}
