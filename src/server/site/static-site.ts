// Serves the prebuilt site from dist/: every file is read into memory once at start (the site is a few MB),
// with its precompressed .br/.gz twins, so a request is a map lookup. Holds the 404 and case-redirect rules
// that netlify.toml states for Netlify.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { contentType } from './mime.ts';
import { pageCspFromHtml } from '../core/security-headers.ts';
import { log } from '../core/log.ts';

type Bytes = Uint8Array<ArrayBuffer>;

interface Asset {
  body: Bytes;
  /** Pages only: the header form of the page's own hashed CSP. */
  csp?: string;
  br?: Bytes | undefined;
  gzip?: Bytes | undefined;
  type: string;
  etag: string;
  cache: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';
const SHORT = 'public, max-age=3600';

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? listFiles(full, base) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

function cacheFor(urlPath: string, type: string) {
  if (urlPath.startsWith('/_astro/')) return IMMUTABLE;
  if (type.startsWith('text/html')) return REVALIDATE;
  return SHORT;
}

export interface StaticSite {
  handle(req: Request): Response;
  /** Lower-cased page path → the page path as the site spells it (e.g. '/trynow' → '/TryNow'). */
  routes: Map<string, string>;
}

export async function loadStaticSite(distDir: string): Promise<StaticSite> {
  // Without a build (`npm run serve` before `npm run build`) the API still runs; pages answer 404.
  const files = existsSync(distDir) ? await listFiles(distDir) : [];
  if (files.length === 0) log.warn(`No built site in ${distDir}: run \`npm run build\`. Serving the API only.`);
  const assets = new Map<string, Asset>();
  const byPath = new Map(
    await Promise.all(files.map(async (f) => [f, new Uint8Array(await readFile(f)) as Bytes] as const)),
  );
  for (const [file, body] of byPath) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const urlPath = `/${path.relative(distDir, file).split(path.sep).join('/')}`;
    const type = contentType(file);
    assets.set(urlPath, {
      body,
      br: byPath.get(`${file}.br`),
      gzip: byPath.get(`${file}.gz`),
      type,
      csp: type.startsWith('text/html') ? pageCspFromHtml(new TextDecoder().decode(body)) : undefined,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      cache: cacheFor(urlPath, type),
    });
  }

  const routes = new Map<string, string>();
  for (const key of assets.keys()) {
    if (!key.endsWith('/index.html')) continue;
    const route = key.slice(0, -'/index.html'.length) || '/';
    routes.set(route.toLowerCase(), route);
  }
  const notFound = assets.get('/404.html');
  const serviceNotFound = assets.get('/service-details/404/index.html');

  function send(req: Request, asset: Asset, status = 200): Response {
    const headers = new Headers({
      'content-type': asset.type,
      'cache-control': status === 404 ? 'no-cache' : asset.cache,
      etag: asset.etag,
      vary: 'Accept-Encoding',
    });
    if (asset.csp) headers.set('content-security-policy', asset.csp);
    if (status === 200 && req.headers.get('if-none-match') === asset.etag) {
      return new Response(null, { status: 304, headers });
    }
    const accept = req.headers.get('accept-encoding') ?? '';
    let body = asset.body;
    if (asset.br && /\bbr\b/.test(accept)) {
      body = asset.br;
      headers.set('content-encoding', 'br');
    } else if (asset.gzip && /\bgzip\b/.test(accept)) {
      body = asset.gzip;
      headers.set('content-encoding', 'gzip');
    }
    headers.set('content-length', String(body.byteLength));
    return new Response(req.method === 'HEAD' ? null : body, { status, headers });
  }

  function lookup(pathname: string): Asset | undefined {
    return (
      assets.get(pathname) ??
      assets.get(path.posix.join(pathname, 'index.html')) ??
      assets.get(`${pathname.replace(/\/$/, '')}.html`)
    );
  }

  function handle(req: Request): Response {
    const url = new URL(req.url);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
    }
    let pathname: string;
    try {
      pathname = path.posix.normalize(decodeURIComponent(url.pathname));
    } catch {
      pathname = '/__malformed__';
    }
    // The not-found pages are only ever 404 answers, never pages of their own (/404/ and /404.html included).
    const isServiceShell = pathname.replace(/\/$/, '') === '/service-details/404';
    const isShell = isServiceShell || /^\/404(\.html|\/)?$/.test(pathname);
    const asset = isShell ? undefined : lookup(pathname);
    if (asset) return send(req, asset);

    const canonical = routes.get(pathname.replace(/(.)\/$/, '$1').toLowerCase());
    if (canonical && canonical !== pathname && !isServiceShell) {
      return new Response(null, { status: 301, headers: { location: canonical + url.search } });
    }
    if (serviceNotFound && pathname.startsWith('/service-details/')) return send(req, serviceNotFound, 404);
    if (notFound) return send(req, notFound, 404);
    return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }

  return { handle, routes };
}
