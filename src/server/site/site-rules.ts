// The serving rules of the built site, stated once: the `npm start` server applies them (static-site.ts),
// and the build writes them into Netlify's _headers and _redirects (src/build/netlify-rules.ts).
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES } from '../../i18n/locales.ts';
/**
 * Hashed build files never change under the same name; pages are revalidated before every use
 * (`no-cache`), so a deploy shows at once.
 */
export const CACHE = {
  hashed: 'public, max-age=31536000, immutable',
  page: 'no-cache',
  other: 'public, max-age=3600',
} as const;

/** Where files whose names carry their content hash live. */
export const HASHED_FILES = '/_astro/';

export function cacheControl(urlPath: string, isPage: boolean): string {
  if (urlPath.startsWith(HASHED_FILES)) return CACHE.hashed;
  return isPage ? CACHE.page : CACHE.other;
}

/**
 * Pagefind searches in this worker (the page starts it when the search dialog opens), as WebAssembly:
 * a worker answers to the CSP of its own answer, so the pages' policies need not allow WebAssembly. It
 * is served with its CSP and cache rule as a page is.
 */
export const SEARCH_WORKER = {
  path: '/pagefind/pagefind-worker.js',
  csp: "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; frame-ancestors 'none'",
} as const;

/**
 * The not-found pages: each answers 404 under its prefix (the first that matches, the longest prefix
 * first), never 200 as a page. Each language has its own under its prefix (/hi/...).
 */
export const NOT_FOUND_PAGES: readonly { prefix: string; page: string; shells: readonly string[] }[] = [
  ...LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).flatMap((locale) => [
    {
      prefix: `/${locale}/service-details/`,
      page: `/${locale}/service-details/404/index.html`,
      shells: [`/${locale}/service-details/404`],
    },
    { prefix: `/${locale}/`, page: `/${locale}/404/index.html`, shells: [`/${locale}/404`, `/${locale}/404/`] },
  ]),
  { prefix: '/service-details/', page: '/service-details/404/index.html', shells: ['/service-details/404'] },
  { prefix: '/', page: '/404.html', shells: ['/404', '/404/', '/404.html'] },
];

/** The not-found page that answers `pathname`. */
export function notFoundPage(pathname: string): string {
  return NOT_FOUND_PAGES.find((rule) => pathname.startsWith(rule.prefix))!.page;
}

/** Whether `pathname` names a not-found page itself (answered 404, as any unknown path). */
export function isNotFoundShell(pathname: string): boolean {
  const bare = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return NOT_FOUND_PAGES.some((rule) => rule.shells.some((shell) => shell === pathname || shell === bare));
}

/**
 * Any other spelling of a page's path answers 301 to the page (/trynow -> /TryNow). The Node server
 * compares lower-cased paths, so every spelling is caught; Netlify matches paths exactly, so it is given
 * the usual ones: all lower case, all upper case, capitalised, and each word capitalised or not (words
 * split at hyphens and at the capitals of the page's own spelling).
 */
export function caseVariants(route: string): string[] {
  const name = route.slice(1);
  const words = name.split(/(?<=-)|(?=[A-Z])/);
  const capital = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
  const spellings = [
    name.toLowerCase(),
    name.toUpperCase(),
    capital(name),
    words.map(capital).join(''),
    words.map((w, i) => (i === 0 ? w.toLowerCase() : capital(w))).join(''),
  ];
  return [...new Set(spellings.map((s) => `/${s}`))].filter((variant) => variant !== route);
}

/**
 * Every file of `distDir` by its URL path ('/projects/index.html', '/projects/index.html.br'), with its
 * bytes. The server reads it once at start: a running server's build does not change.
 */
export async function readBuild(distDir: string): Promise<Map<string, Buffer<ArrayBuffer>>> {
  const entries = existsSync(distDir) ? await readdir(distDir, { recursive: true, withFileTypes: true }) : [];
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  const urlPath = (file: string) => `/${path.relative(distDir, file).split(path.sep).join('/')}`;
  return new Map(await Promise.all(files.map(async (file) => [urlPath(file), await readFile(file)] as const)));
}

/** Each page of a build by its URL path, with its HTML. */
export function pagesOf(build: Map<string, Buffer>): Map<string, string> {
  return new Map([...build].filter(([p]) => p.endsWith('.html')).map(([p, body]) => [p, body.toString('utf8')]));
}

/** Lower-cased page path -> the page path as the site spells it ('/trynow' -> '/TryNow'). */
export function pageRoutes(pages: Map<string, string>): Map<string, string> {
  const routes = [...pages.keys()].filter((p) => p.endsWith('/index.html')).map((p) => p.slice(0, -11) || '/');
  return new Map(routes.map((route) => [route.toLowerCase(), route]));
}
