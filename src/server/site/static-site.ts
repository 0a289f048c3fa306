// The built site from dist/: @hono/node-server's serveStatic answers each file (its precompressed .br or
// .gz when the browser takes it), with the cache rule of site-rules.ts and, for a page, the CSP of its own
// <meta> as a header. Ours is what no library does: the case redirects and the not-found pages.
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { etag, RETAINED_304_HEADERS } from 'hono/etag';
import { log } from '../core/log.ts';
import { pageCspFromHtml } from '../core/security-headers.ts';
import { cacheControl, HASHED_FILES, isNotFoundShell, notFoundPage, pageRoutes, readPages } from './site-rules.ts';

/** What serveStatic tells of the answer it made: the file it chose. */
type SiteEnv = { Variables: { file: string } };

export async function staticSite(distDir: string): Promise<Hono<SiteEnv>> {
  const pages = await readPages(distDir);
  if (pages.size === 0) log.warn(`No built site in ${distDir}: run \`npm run build\`. Serving the API only.`);
  const csp = new Map([...pages].map(([p, html]) => [path.join(distDir, p), pageCspFromHtml(html)]));
  const routes = pageRoutes(pages);

  // A not-found page is answered like any file (its precompressed form when the browser takes it), as 404.
  const notFoundFiles = new Map(
    [...pages.keys()].map((page) => [page, serveStatic({ root: distDir, path: page, precompressed: true })]),
  );
  const notFound = async (c: Context) => {
    const page = [notFoundPage(c.req.path), notFoundPage('/')].find((p) => pages.has(p));
    const file = page && (await notFoundFiles.get(page)!(c, async () => {}));
    if (!page || !(file instanceof Response)) return c.text('Not Found', 404);
    const headers = new Headers(file.headers);
    headers.set('cache-control', 'no-cache');
    const policy = csp.get(path.join(distDir, page));
    if (policy) headers.set('content-security-policy', policy);
    return new Response(file.body, { status: 404, headers });
  };
  const files = serveStatic({ root: distDir, precompressed: true, onFound: (file, c) => void c.set('file', file) });

  // Pages and other unhashed files are revalidated: an ETag lets the browser's revalidation be a 304.
  // Hashed files never change under their name, so the browser never asks again. The browser takes a
  // 304's headers over the cached page's: the page's own CSP goes with it, not the server's default.
  const tagged = etag({ retainedHeaders: [...RETAINED_304_HEADERS, 'content-security-policy'] });
  const site = new Hono<SiteEnv>();
  site.use((c, next) => (c.req.path.startsWith(HASHED_FILES) ? next() : tagged(c, next)));
  site.use(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
      return c.text('Method Not Allowed', 405, { allow: 'GET, HEAD' });
    if (isNotFoundShell(c.req.path)) return notFound(c);
    const res = await files(c, next);
    if (!(res instanceof Response)) return; // no such file: answered by the handler below
    const file = c.get('file').replace(/\.(br|gz|zst)$/, '');
    res.headers.set('cache-control', cacheControl(c.req.path, csp.has(file)));
    const policy = csp.get(file);
    if (policy) res.headers.set('content-security-policy', policy);
    return res;
  });
  // No file: another spelling of a page, or not found.
  site.all('*', (c) => {
    const canonical = routes.get(c.req.path.replace(/(.)\/$/, '$1').toLowerCase());
    if (canonical && canonical !== c.req.path) return c.redirect(canonical + new URL(c.req.url).search, 301);
    return notFound(c);
  });
  return site;
}
