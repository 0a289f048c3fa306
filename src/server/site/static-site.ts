// The built site from dist/, read once at start (decision 155): Hono's serveStatic answers each file, precompressed
// when the browser takes it. Ours is what no library does: cache rules, each page's CSP, redirects, 404 pages.
import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { etag, RETAINED_304_HEADERS } from 'hono/etag';
import { serveStatic } from 'hono/serve-static';
import { log } from '../core/log.ts';
import { pageCspFromHtml } from '../core/security-headers.ts';
import * as rules from './site-rules.ts';

export async function staticSite(distDir: string) {
  const build = await rules.readBuild(distDir);
  const pages = rules.pagesOf(build);
  if (pages.size === 0) log.warn(`No built site in ${distDir}: run \`npm run build\`. Serving the API only.`);
  // The hash of each file's bytes: the same ETag from every server of one build.
  const etags = new Map([...build].map(([p, body]) => [p, `"${createHash('sha1').update(body).digest('base64url')}"`]));
  const csp = new Map([...pages].map(([p, html]) => [p, pageCspFromHtml(html)]));
  csp.set(rules.SEARCH_WORKER.path, rules.SEARCH_WORKER.csp);
  const routes = rules.pageRoutes(pages);
  const withRules = (res: Response, file: string, cache: string) => {
    const served = file + ({ br: '.br', gzip: '.gz' }[res.headers.get('content-encoding') ?? ''] ?? '');
    res.headers.set('cache-control', cache);
    res.headers.set('etag', etags.get(served)!);
    res.headers.set('content-length', String(build.get(served)!.length)); // a HEAD's too
    if (csp.get(file)) res.headers.set('content-security-policy', csp.get(file)!);
    return res;
  };
  const files = (path?: string) =>
    serveStatic<{ Variables: { file: string } }>({
      root: '/',
      path,
      precompressed: true,
      isDir: (p) => build.has(`${p.replace(/\/$/, '')}/index.html`),
      getContent: async (p) => build.get(p) ?? null,
      onFound: (file, c) => void c.set('file', file),
    });
  // A not-found page is answered like any file, as 404.
  const notFound = async (c: Context) => {
    const page = [rules.notFoundPage(c.req.path), rules.notFoundPage('/')].find((p) => pages.has(p));
    const res = page && (await files(page)(c, async () => {}));
    if (!(res instanceof Response)) return c.text('Not Found', 404);
    return withRules(new Response(res.body, { status: 404, headers: res.headers }), page!, 'no-cache');
  };
  // An ETag makes a revalidation a 304 (hashed files are never revalidated); the browser takes a 304's
  // headers over the cached page's, so the page's own CSP goes with it.
  const tagged = etag({ retainedHeaders: [...RETAINED_304_HEADERS, 'content-security-policy'] });
  const site = new Hono<{ Variables: { file: string } }>();
  site.use((c, next) => (c.req.path.startsWith(rules.HASHED_FILES) ? next() : tagged(c, next)));
  site.use(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
      return c.text('Method Not Allowed', 405, { allow: 'GET, HEAD' });
    if (rules.isNotFoundShell(c.req.path)) return notFound(c);
    const res = await files()(c, next);
    if (!(res instanceof Response)) return; // no such file: answered below
    return withRules(res, c.get('file'), rules.cacheControl(c.req.path, csp.has(c.get('file'))));
  });
  // No file: another spelling of a page, or not found.
  site.all('*', (c) => {
    const canonical = routes.get(c.req.path.replace(/(.)\/$/, '$1').toLowerCase());
    if (canonical && canonical !== c.req.path) return c.redirect(canonical + new URL(c.req.url).search, 301);
    return notFound(c);
  });
  return site;
}
