// The built site from dist/: @hono/node-server's serveStatic answers each file, precompressed when the browser
// takes it. Ours is what no library does: the cache rules, each page's CSP header, redirects and 404 pages.
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { etag, RETAINED_304_HEADERS } from 'hono/etag';
import { log } from '../core/log.ts';
import { pageCspFromHtml } from '../core/security-headers.ts';
import * as rules from './site-rules.ts';

export async function staticSite(distDir: string) {
  const pages = await rules.readPages(distDir);
  if (pages.size === 0) log.warn(`No built site in ${distDir}: run \`npm run build\`. Serving the API only.`);
  const csp = new Map([...pages].map(([p, html]) => [path.join(distDir, p), pageCspFromHtml(html)]));
  csp.set(path.join(distDir, rules.SEARCH_WORKER.path), rules.SEARCH_WORKER.csp);
  const routes = rules.pageRoutes(pages);
  const withRules = (res: Response, file: string, cache: string) => {
    res.headers.set('cache-control', cache);
    res.headers.delete('last-modified'); // the ETag revalidates: it would only lengthen each answer
    const policy = csp.get(file);
    if (policy) res.headers.set('content-security-policy', policy);
    return res;
  };
  // A not-found page is answered like any file, as 404.
  const notFound = async (c: Context) => {
    const page = [rules.notFoundPage(c.req.path), rules.notFoundPage('/')].find((p) => pages.has(p));
    const res = page && (await serveStatic({ root: distDir, path: page, precompressed: true })(c, async () => {}));
    if (!(res instanceof Response)) return c.text('Not Found', 404);
    const answer = new Response(res.body, { status: 404, headers: res.headers });
    return withRules(answer, path.join(distDir, page!), 'no-cache');
  };
  const files = serveStatic({ root: distDir, precompressed: true, onFound: (file, c) => void c.set('file', file) });
  // An ETag makes a revalidation a 304 (hashed files are never revalidated); the browser takes a 304's
  // headers over the cached page's, so the page's own CSP goes with it.
  const tagged = etag({ retainedHeaders: [...RETAINED_304_HEADERS, 'content-security-policy'] });
  const site = new Hono<{ Variables: { file: string } }>();
  site.use((c, next) => (c.req.path.startsWith(rules.HASHED_FILES) ? next() : tagged(c, next)));
  site.use(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
      return c.text('Method Not Allowed', 405, { allow: 'GET, HEAD' });
    if (rules.isNotFoundShell(c.req.path)) return notFound(c);
    const res = await files(c, next);
    if (!(res instanceof Response)) return; // no such file: answered below
    const file = c.get('file').replace(/\.(br|gz|zst)$/, '');
    return withRules(res, file, rules.cacheControl(c.req.path, csp.has(file)));
  });
  // No file: another spelling of a page, or not found.
  site.all('*', (c) => {
    const canonical = routes.get(c.req.path.replace(/(.)\/$/, '$1').toLowerCase());
    if (canonical && canonical !== c.req.path) return c.redirect(canonical + new URL(c.req.url).search, 301);
    return notFound(c);
  });
  return site;
}
