// Byte budgets of docs/performance.md, measured on the built site as the server sends it (precompressed gzip files):
// every page's first response (status line, headers, brotli body) within TCP's first flight (a longer
// page: all of it but the words of its content past the first screen, and its first screen painted from
// the first flight alone); the landing page's (and the blog's) JavaScript in all (every
// module it can load, lazy ones included) and what a first visit to the landing page loads before any
// interaction, their CSS (inline and linked) and HTML;
// no render-blocking script or stylesheet on any page; no React on a page without islands of its own; and
// the toaster's files only once another island has hydrated, its stylesheet applied only when a toast shows.
import { readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { CLIENT_MANIFEST } from '../../src/build/client-manifest.ts';
import { firstScreenEnd } from '../../src/build/first-flight.ts';
import { expect, expectToast, hydrated, test } from './fixtures/test.ts';
import { afterIdle } from './fixtures/idle.ts';
import { createVerifiedAccount, useToken } from './fixtures/accounts.ts';
import { asAdmin } from './fixtures/admin.ts';
import { SITE } from '../../src/i18n/hi/site.ts';
import { UI } from '../../src/i18n/hi/ui.ts';

const KB = 1024;
// A little above what the pages weigh now (docs/performance.md): a change that adds weight has to say so here.
// `js` counts lazy modules too: React DOM, react-toastify, cobe and React alone are 81.6 KB of it; 1 KB
// of it keeps focus in the page when the announcement or the cookie banner goes, and the banner's room; 2 KB
// is the search dialog, which loads when the search is opened (Pagefind's own files are not counted); 1.6 KB
// serves the second language (the language context, the switch, translated labels).
// `jsBeforeInteraction`: 2.2 KB of it is Astro's island runtime and directives, which every page held
// inline before they moved to a cached file (decision 156).
// `css`: the first screen's inline sheet and the page's linked whole sheet, each (a post's carries the
// typography plugin's rules for the elements its Markdown has).
const BUDGET = { js: 102 * KB, jsBeforeInteraction: 7.5 * KB, css: 9 * KB, html: 23 * KB };
const PAGES = [
  '/',
  '/projects',
  '/service-details/Automation',
  '/policy/',
  '/TryNow',
  '/contact',
  '/book',
  '/login',
  '/Signup',
  '/blog/',
  '/blog/website-speed-fixes/',
];
/** TCP's first flight: ten segments of 1,460 bytes (an initial congestion window of 10, RFC 6928). */
const FIRST_FLIGHT = 10 * 1460;
/**
 * Everything of a page but the words of its own content past the first screen: its markup whole (the
 * words of its <main> past the first screen's end taken out, scripts and sheets kept). A page may run
 * past the first flight by those words alone (docs/decisions/157-long-pages-first-screen-in-the-first-flight.md).
 */
function withoutWordsPastFirstScreen(html: string): string {
  const end = firstScreenEnd(html);
  const mainEnd = html.indexOf('</main>');
  if (mainEnd < end) return html;
  const past = html
    .slice(end, mainEnd)
    .replace(
      /(<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>)|>[^<]+</g,
      (_match, kept?: string) => kept ?? '><',
    );
  return html.slice(0, end) + past + html.slice(mainEnd);
}
/** Pages held to the byte budgets: the landing page, and the blog's listing and a post. */
const BUDGETED = ['/', '/blog/', '/blog/website-speed-fixes/'];

async function gzipBytes(request: APIRequestContext, url: string) {
  const res = await request.get(url, { headers: { 'accept-encoding': 'gzip' } });
  expect(res.status(), url).toBe(200);
  // Playwright hands back the decoded body; the server's content-length is the bytes on the wire.
  return { bytes: Number(res.headers()['content-length']), text: await res.text() };
}

/** A browser chunk in Vite's manifest of the build: what it imports, statically and lazily (manifest keys). */
interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** Vite's manifest of the served build's browser chunks, which the build keeps in dist-server/ beside it. */
function buildManifest(): Record<string, Chunk> {
  const file = join(process.env.E2E_BUILD_DIR!, '..', 'dist-server', CLIENT_MANIFEST);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, Chunk>;
}

/**
 * Every module reachable from the page's scripts and islands, through static and dynamic imports (or
 * static ones alone: what loads with them) as the build's manifest records them, with its gzip size and text.
 */
async function moduleGraph(request: APIRequestContext, html: string, only: 'static' | 'all' = 'all') {
  return modulesFrom(request, [...pageScripts(html), ...islandScripts(html)], only, pageLanguage(html));
}

/** The page's `<html lang>`: the islands load the catalogs of that language alone (decision 179). */
function pageLanguage(html: string): string {
  return /<html lang="([\w-]+)"/.exec(html)![1]!;
}

/** The page's own scripts (islands aside). */
function pageScripts(html: string): string[] {
  return [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
    // An inline module script may import a bundled module too.
    ...html.matchAll(/<script type="module">[^<]*?\bimport\s*\(?\s*["'`](\/[^"'`]+\.js)/g),
  ].map((m) => m[1]!);
}

/** The scripts of the page's islands (those of `component`'s alone, when given: its file's name). */
function islandScripts(html: string, component?: string): string[] {
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => m[0]);
  return (component ? islands.filter((tag) => tag.includes(`component-url="/_astro/${component}.`)) : islands).flatMap(
    (tag) => [...tag.matchAll(/\b(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)].map((m) => m[1]!),
  );
}

/** Every module reachable from `urls` on a page in `language` (see moduleGraph). */
async function modulesFrom(request: APIRequestContext, urls: string[], only: 'static' | 'all', language: string) {
  const manifest = buildManifest();
  const byUrl = new Map(Object.values(manifest).map((c) => [`/${c.file}`, c]));
  const seen = new Map<string, { bytes: number; text: string }>();
  // The islands' catalogs of another language than the page's are never loaded.
  const ownLanguage = (key: string) => {
    const catalog = /^src\/i18n\/([\w-]+)\//.exec(key);
    return catalog === null || catalog[1] === language;
  };
  const queue = [...urls];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url) || !url.startsWith('/')) continue;
    const chunk = byUrl.get(url);
    // Astro's island scripts, moved out of the page into a file after Vite (first-flight.ts), import nothing.
    if (!/^\/_astro\/islands\.\w+\.js$/.test(url)) expect(chunk, `${url} in the build's manifest`).toBeDefined();
    seen.set(url, await gzipBytes(request, url));
    const keys = [
      ...(chunk?.imports ?? []),
      ...(only === 'all' ? (chunk?.dynamicImports ?? []).filter(ownLanguage) : []),
    ];
    queue.push(...keys.map((key) => `/${manifest[key]!.file}`));
  }
  return seen;
}

for (const path of BUDGETED) {
  test(`${path} stays within the JavaScript, CSS and HTML budgets`, async ({ request }) => {
    const html = await gzipBytes(request, path);
    const js = await moduleGraph(request, html.text);
    const jsTotal = [...js.values()].reduce((a, m) => a + m.bytes, 0);
    // The first screen's CSS comes inline; the page's whole sheet (the same rules and the rest) is linked
    // at the end of the page. Each is held to the budget.
    let inlineCss = 0;
    for (const m of html.text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) inlineCss += gzipSync(m[1]!).byteLength;
    let linkedCss = 0;
    // The same sheet is linked twice: for the screen by the layout's script, and inside <noscript>.
    const linked = new Set([...html.text.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!));
    for (const href of linked) linkedCss += (await gzipBytes(request, href)).bytes;
    console.log(
      `${path}, gzip: JS ${(jsTotal / KB).toFixed(1)} KB in ${js.size} modules, CSS ${(inlineCss / KB).toFixed(1)} KB inline and ${(linkedCss / KB).toFixed(1)} KB linked, HTML ${(html.bytes / KB).toFixed(1)} KB`,
    );
    expect(js.size).toBeGreaterThan(3); // the graph was followed: React, islands, scripts
    expect(jsTotal).toBeLessThanOrEqual(BUDGET.js);
    expect(inlineCss).toBeGreaterThan(0);
    expect(inlineCss).toBeLessThanOrEqual(BUDGET.css);
    expect(linkedCss).toBeLessThanOrEqual(BUDGET.css);
    expect(html.bytes).toBeLessThanOrEqual(BUDGET.html);
    // Text is set in the system's UI font: no font file competes with the page (decision 052).
    expect(html.text).not.toContain('@font-face');
  });
}

/**
 * What each island brings to the page where the visitor meets it (gzip KB): its module and every module
 * it imports, statically or lazily (React's among them), less what the page's own scripts load. This is
 * what its hydration and first use fetch: at the visitor's first interaction with it, or, for the forms
 * hydrated once the page is idle, before it. A little above today's figure (docs/performance.md): a new
 * dependency of an island shows here. React (its renderer and shared chunk) is 75.6 KB of each; zod, 25.3 KB
 * of the auth forms', is fetched once their page is idle (src/scripts/preload-auth-schemas.ts).
 */
const ISLAND_BUDGETS: { island: string; path: string; kb: number }[] = [
  { island: 'CookieBanner', path: '/policy/', kb: 79 },
  { island: 'CookieBanner', path: '/hi/policy/', kb: 85 },
  { island: 'ContactForm', path: '/contact', kb: 82 },
  { island: 'LoginForm', path: '/login', kb: 117 },
  { island: 'SignupForm', path: '/Signup', kb: 113 },
  { island: 'ForgotPassword', path: '/forgot-password', kb: 109 },
  { island: 'BookCall', path: '/book', kb: 85 },
  { island: 'Toaster', path: '/policy/', kb: 78 },
];

for (const { island, path, kb } of ISLAND_BUDGETS) {
  test(`${island} on ${path} brings at most ${kb} KB of JavaScript to its first interaction`, async ({ request }) => {
    const html = (await gzipBytes(request, path)).text;
    const own = islandScripts(html, island);
    expect(own.length, `${island}'s island on ${path}`).toBeGreaterThan(0);
    const language = pageLanguage(html);
    const page = await modulesFrom(request, pageScripts(html), 'static', language);
    const brought = [...(await modulesFrom(request, own, 'all', language))].filter(([url]) => !page.has(url));
    const bytes = brought.reduce((a, [, m]) => a + m.bytes, 0);
    console.log(
      `${island} on ${path}: ${(bytes / KB).toFixed(1)} KB in ${brought.length} modules: ${brought
        .map(([url, m]) => `${url.replace(/^\/_astro\//, '')} ${(m.bytes / KB).toFixed(1)}`)
        .join(', ')}`,
    );
    expect(bytes).toBeLessThanOrEqual(kb * KB);
  });
}

/** Every page of the build (the editor at /cms/ excepted) and the address that serves it. */
function builtPages(): { file: string; url: string }[] {
  const dist = process.env.E2E_BUILD_DIR!;
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => relative(dist, join(e.parentPath, e.name)))
    .filter((file) => file.split(sep)[0] !== 'cms')
    .map((file) => ({
      file,
      // The not-found page answers any unknown address.
      url:
        file === '404.html'
          ? '/no-such-page'
          : `/${encodeURI(
              file
                .replace(/index\.html$/, '')
                .split(sep)
                .join('/'),
            )}`,
    }));
}

/** A whole answer as the server sends it: status line, headers as written, and body, and their sizes. */
function firstResponse(url: string): Promise<{ status: number; head: number; body: number; wire: Buffer }> {
  return new Promise((resolve, reject) => {
    get(new URL(url, process.env.E2E_BASE_URL), { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      let head = `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n`;
      for (let i = 0; i < res.rawHeaders.length; i += 2) head += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`;
      head += '\r\n';
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode!,
          head: Buffer.byteLength(head),
          body: body.byteLength,
          wire: Buffer.concat([Buffer.from(head), body]),
        });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

test("every page's first response fits TCP's first flight, but for the words of its content past the first screen", async () => {
  const dist = process.env.E2E_BUILD_DIR!;
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(30);
  const over: string[] = [];
  for (const { file, url } of pages) {
    const answer = await firstResponse(url);
    // Soft: one run reports every page.
    expect.soft([200, 404], url).toContain(answer.status);
    // The server sent the build's brotli file of the page.
    expect.soft(answer.body, url).toBe(readFileSync(join(dist, `${file}.br`)).byteLength);
    const total = answer.head + answer.body;
    console.log(`${url}: ${total} bytes (headers ${answer.head}, brotli body ${answer.body})`);
    if (total <= FIRST_FLIGHT) continue;
    const rest =
      answer.head + brotliCompressSync(withoutWordsPastFirstScreen(readFileSync(join(dist, file), 'utf8'))).byteLength;
    console.log(`${url}: ${rest} bytes without the words of its content past the first screen`);
    if (rest > FIRST_FLIGHT) over.push(`${url}: ${total}, and ${rest} without the words past its first screen`);
  }
  expect(over, `pages over ${FIRST_FLIGHT} bytes`).toEqual([]);
});

/**
 * Serves `wire` (a whole answer) on a port of its own: the first `sent` bytes at once, the rest once
 * `release` is called.
 */
async function holdingServer(wire: Buffer, sent: number) {
  const sockets = new Set<Socket>();
  const waiting: Socket[] = [];
  let released = false;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('data', () => {
      socket.write(wire.subarray(0, sent));
      if (released || sent >= wire.byteLength) socket.end(wire.subarray(sent));
      else waiting.push(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    release() {
      released = true;
      for (const socket of waiting.splice(0)) socket.end(wire.subarray(sent));
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

test.describe('a page longer than the first flight', () => {
  test.use({ consent: null });

  test('paints its first window from the first flight alone, as it shows once the rest has come', async ({
    page,
  }, testInfo) => {
    // The pages over the first flight, and the longest page whatever its size: at least one page is held.
    const answers = await Promise.all(builtPages().map(async ({ url }) => ({ url, ...(await firstResponse(url)) })));
    const longest = answers.reduce((a, b) => (b.wire.byteLength > a.wire.byteLength ? b : a));
    const held = answers.filter((a) => a === longest || a.wire.byteLength > FIRST_FLIGHT);
    // What the page links comes after its first paint, or not at all: none of it is needed for it.
    await page.route('**/*', (route) => (route.request().isNavigationRequest() ? route.continue() : route.abort()));
    for (const { url, wire } of held) {
      const all = await holdingServer(wire, wire.byteLength);
      await page.goto(all.origin + url, { waitUntil: 'load' });
      const whole = await page.screenshot();
      all.close();

      const firstFlight = await holdingServer(wire, FIRST_FLIGHT);
      try {
        await page.goto(firstFlight.origin + url, { waitUntil: 'commit' });
        // The browser paints of itself, and then (the parser may still be taking in what came) the window
        // comes to be the whole page's while the rest is held.
        await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
        let shown: Buffer = Buffer.alloc(0);
        await expect
          .poll(
            async () => {
              shown = await page.screenshot();
              return shown.equals(whole);
            },
            {
              message: `${url}: the first window from the first flight is the whole page's`,
              timeout: 20_000,
            },
          )
          .toBe(true)
          .catch(async (error: unknown) => {
            await testInfo.attach(`${url} from the first flight`, { body: shown, contentType: 'image/png' });
            await testInfo.attach(`${url} whole`, { body: whole, contentType: 'image/png' });
            throw error;
          });
        if (wire.byteLength > FIRST_FLIGHT) expect(await page.evaluate(() => document.readyState), url).toBe('loading');
      } finally {
        firstFlight.release();
        firstFlight.close();
      }
    }
  });
});

test('no page has a render-blocking script or stylesheet', async ({ request }) => {
  for (const path of PAGES) {
    const { text } = await gzipBytes(request, path);
    const head = text.slice(0, text.indexOf('</head>'));
    // The CSS comes inline with the page (one round trip less before the first paint).
    expect(head, path).not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect(head, path).toMatch(/<style>/);
    for (const tag of head.matchAll(/<script\b[^>]*>/g)) {
      const t = tag[0];
      const deferred = /type="module"|\basync\b|\bdefer\b|type="application\/ld\+json"/.test(t) || !/\bsrc=/.test(t);
      expect(deferred, `${path}: ${t}`).toBe(true);
    }
  }
});

test('a page without islands of its own loads no React once the cookie choice is made', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/policy/');
  const renderers = await page
    .locator('astro-island')
    .evaluateAll((els) => els.map((e) => e.getAttribute('renderer-url')));
  expect(renderers.length).toBeGreaterThan(0); // the toaster and banner are there, waiting
  await page.mouse.wheel(0, 4000);
  await afterIdle(page); // anything lazy has been asked for by now
  for (const r of renderers) expect(scripts).not.toContain(r);
});

for (const path of ['/login', '/Signup', '/forgot-password']) {
  test(`${path} hydrates its form without zod: the schemas load by themselves once the page is idle`, async ({
    request,
    page,
  }) => {
    // A message that only the shared auth schemas hold.
    const schemaText = 'Password must be at least';
    const html = (await gzipBytes(request, path)).text;
    const withIslands = await moduleGraph(request, html, 'static');
    const lazy = await moduleGraph(request, html, 'all');
    expect(withIslands.size).toBeGreaterThan(3);
    expect([...withIslands.values()].filter((m) => m.text.includes(schemaText))).toEqual([]);
    const schemas = [...lazy].filter(([, m]) => m.text.includes(schemaText)).map(([url]) => url);
    expect(schemas).toHaveLength(1);

    const loaded = page.waitForRequest((r) => new URL(r.url()).pathname === schemas[0]);
    await page.goto(path);
    await hydrated(page);
    await loaded; // fetched when the page went idle, before any submit
  });
}

test('/account hydrates its panels without zod: their schemas load by themselves once the page is idle', async ({
  request,
  page,
  baseURL,
}) => {
  // A message that only the account schemas hold, among the page's modules.
  const schemaText = 'Nothing to change: give a name or a locale';
  const html = (await gzipBytes(request, '/account')).text;
  const panels = await moduleGraph(request, html, 'static');
  const lazy = await moduleGraph(request, html, 'all');
  expect(islandScripts(html).length).toBeGreaterThan(7);
  // zod itself (the site's wrapper sets its `jitless`) is in none of the modules the panels load with.
  const withZod = [...panels].filter(([, m]) => m.text.includes(schemaText) || m.text.includes('jitless'));
  expect(withZod.map(([url]) => url)).toEqual([]);
  const schemas = [...lazy].filter(([, m]) => m.text.includes(schemaText)).map(([url]) => url);
  expect(schemas).toHaveLength(1);

  const acc = await createVerifiedAccount(baseURL!, 'lazy-schemas');
  await useToken(page, acc.token);
  const loaded = page.waitForRequest((r) => new URL(r.url()).pathname === schemas[0]);
  await page.goto('/account');
  await hydrated(page);
  await loaded; // fetched when the page went idle, before any save
});

/**
 * The scripts the page receives from now on, each with its body: `stop()` stops listening and answers
 * those received so far. A body still being read when the test ends fails it ("Test ended"), so a script
 * answered after `stop()` (the toaster's, fetched at idle) is not read.
 */
function scriptsReceived(page: Page) {
  const bodies: Promise<{ url: string; text: string }>[] = [];
  const onResponse = (r: Response) => {
    if (r.request().resourceType() === 'script') bodies.push(r.text().then((text) => ({ url: r.url(), text })));
  };
  page.on('response', onResponse);
  return () => {
    page.off('response', onResponse);
    return Promise.all(bodies);
  };
}

test("/admin's dashboard loads no zod: nothing on it checks a form", async ({ page, baseURL }) => {
  const received = scriptsReceived(page);
  await asAdmin(page, baseURL!);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Welcome to the Admin Dashboard' })).toBeVisible();
  await afterIdle(page);
  const scripts = await received();
  expect(scripts.length).toBeGreaterThan(5);
  // The site's zod wrapper sets zod's `jitless`.
  expect(scripts.filter((s) => s.text.includes('jitless')).map((s) => s.url)).toEqual([]);
});

// The islands' texts in another language come from that language's catalogs (src/i18n/<code>/), which a
// page fetches for its own language only (decision 179): an English page's scripts hold none of them.
for (const [path, hindi] of [
  ['/login', false],
  ['/hi/login', true],
] as const) {
  test(`${path}: the sign-in form hydrates with ${hindi ? 'its Hindi texts' : 'no Hindi catalog fetched'}`, async ({
    page,
  }) => {
    const catalogTexts = [UI['Enter a Vaild Email']!, SITE['Sign in']!];
    const received = scriptsReceived(page);
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('button', { name: hindi ? SITE['Sign in']! : 'Sign in', exact: true })).toBeVisible();
    await afterIdle(page); // every lazy module the page asks for by itself has been asked for
    const scripts = await received();
    expect(scripts.length).toBeGreaterThan(3);
    for (const text of catalogTexts) expect(scripts.some((s) => s.text.includes(text))).toBe(hindi);
  });
}

test.describe('before the cookie choice', () => {
  test.use({ consent: null });

  test('a first visit to the landing page, left idle, loads no React and little JavaScript', async ({ page }) => {
    // Each script's size once its answer is complete; every script asked for is counted.
    const scripts = new Map<string, Promise<number>>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script')
        scripts.set(
          new URL(r.url()).pathname,
          r.response().then(async (res) => (res ? (await r.sizes()).responseBodySize : 0)),
        );
    });
    await page.goto('/');
    await afterIdle(page); // the globe and anything else lazy has been asked for by now
    const renderer = await page.locator('astro-island:has(.cookie-banner)').getAttribute('renderer-url');
    expect([...scripts.keys()]).not.toContain(renderer);
    const total = (await Promise.all(scripts.values())).reduce((a, b) => a + b, 0);
    console.log(
      `landing page before any interaction: ${(total / KB).toFixed(1)} KB of scripts in ${scripts.size} files`,
    );
    expect(scripts.size).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(BUDGET.jsBeforeInteraction);
  });

  test("the banner hydrates, and React with it, once the visitor reaches for its 'Cookie Settings'", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/policy/');
    const island = page.locator('astro-island:has(.cookie-banner)');
    const renderer = await island.getAttribute('renderer-url');
    // Its three choices need no React (the hydration tests choose with pointer and keyboard without it).
    await page.getByRole('button', { name: 'Accept All' }).hover();
    await afterIdle(page);
    expect(scripts).not.toContain(renderer);
    await expect(island).toHaveAttribute('ssr');
    await page.getByRole('button', { name: 'Cookie Settings', exact: true }).hover();
    await expect(island).not.toHaveAttribute('ssr');
    expect(scripts).toContain(renderer);
  });
});

test("the toaster's code and react-toastify's stylesheet: none before an island hydrates, fetched once one has and the page is idle, the sheet applied with the first toast, which it styles", async ({
  page,
}) => {
  const sheet = 'link[rel="stylesheet"][href*="ReactToastify"]';
  const toaster = (url: string) => /\/Toaster\.[\w-]+\.js$/.test(new URL(url).pathname);
  const toastSheet = (url: string) => new URL(url).pathname.includes('ReactToastify');
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  // The landing page with the cookie choice made: no island of it has hydrated, so none of the toaster loads.
  await page.goto('/');
  await afterIdle(page);
  expect(requested.filter((url) => toaster(url) || toastSheet(url))).toEqual([]);

  // /login's form hydrates once the page is idle; the toaster's files follow it, the toast not asked for yet.
  await page.goto('/login');
  await hydrated(page);
  await expect.poll(() => requested.filter(toaster)).toHaveLength(1);
  await expect.poll(() => requested.filter(toastSheet)).toHaveLength(1);
  // Fetched, not applied: a new sheet restyles the whole page, which waits for a toast to show.
  await afterIdle(page);
  await expect(page.locator(sheet)).toHaveCount(0);
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByLabel('Password').fill('Wrong-Password-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectToast(page, 'Invalid credentials');
  await expect(page.locator(sheet)).toHaveCount(1);
  expect(requested.filter(toaster)).toHaveLength(1);
  // Styled: the container floats over the page at the top centre, as react-toastify's sheet places it, and
  // the toast has the sheet's own padding, which the site's reset (every element's padding 0) does not outrank.
  await expect(page.locator('.Toastify__toast-container')).toHaveCSS('position', 'fixed');
  const padding = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--toastify-toast-padding').trim(),
  );
  expect(padding).toMatch(/^[1-9]\d*px$/);
  await expect(page.locator('.Toastify__toast').first()).toHaveCSS('padding-top', padding);
});

test("a toaster fetch that failed while the page was idle is asked for again by the page's first toast", async ({
  page,
}) => {
  // The file, and Astro's second try at it a second later (the same path with a query).
  const toaster = (url: URL) => /\/Toaster\.[\w-]+\.js$/.test(url.pathname);
  const asked: string[] = [];
  const failed: string[] = [];
  page.on('request', (r) => {
    if (toaster(new URL(r.url()))) asked.push(r.url());
  });
  page.on('requestfailed', (r) => {
    if (toaster(new URL(r.url()))) failed.push(r.url());
  });
  // The network is away while the page is idle: the early fetch and its retry fail.
  await page.route(toaster, (route) => route.abort('internetdisconnected'));
  await page.goto('/login');
  await hydrated(page);
  await expect.poll(() => failed.length).toBe(2);
  await page.unroute(toaster);
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByLabel('Password').fill('Wrong-Password-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectToast(page, 'Invalid credentials');
  expect(asked).toHaveLength(3);
});

// A page's first Intl object (a date or number formatter, a collator) starts the browser's ICU: about
// 100 ms of a phone's main thread in one task (docs/performance.md). Pages that show no date or number
// while they load make none; /account's dates (its devices and passkeys) are drawn as their panel nears.
test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('no page starts ICU while loading unless it shows a date; /account starts it as its devices near', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const acc = await createVerifiedAccount(baseURL!, 'no-icu');
    await page.addInitScript(() => {
      const calls: string[] = [];
      Object.assign(window, { intlCalls: calls });
      for (const name of [
        'DateTimeFormat',
        'NumberFormat',
        'PluralRules',
        'Collator',
        'RelativeTimeFormat',
        'ListFormat',
        'Segmenter',
      ] as const) {
        const made = Intl[name] as unknown as new (...args: unknown[]) => object;
        Object.assign(Intl, {
          [name]: new Proxy(made, {
            construct(target, args) {
              calls.push(name);
              return Reflect.construct(target, args);
            },
            apply(target, self, args) {
              calls.push(name);
              return Reflect.apply(target, self, args);
            },
          }),
        });
      }
      const compare = String.prototype.localeCompare;
      String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof compare>) {
        calls.push('localeCompare');
        return compare.apply(this, args);
      };
    });
    const calls = () => page.evaluate(() => (window as unknown as { intlCalls: string[] }).intlCalls);
    for (const path of ['/', '/login', '/hi/Signup', '/contact', '/userdashboard', '/account']) {
      // The signed-in pages last: /login and /Signup send a session on to its dashboard.
      if (path === '/userdashboard') await useToken(page, acc.token);
      await page.goto(path);
      await hydrated(page);
      await afterIdle(page);
      expect(await calls(), path).toEqual([]);
    }
    await page.locator('#devices').scrollIntoViewIfNeeded();
    await expect(page.getByRole('list', { name: 'Signed-in devices' })).toContainText(/Signed in \d/);
    expect(await calls()).toContain('DateTimeFormat');
  });
});
