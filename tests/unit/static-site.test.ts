// What the `npm start` server answers for built files of each kind: its content type, and whether
// the build precompresses it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCompressible } from '../../src/server/site/mime.ts';
import { caseVariants } from '../../src/server/site/site-rules.ts';
import { staticSite } from '../../src/server/site/static-site.ts';

const FILES: Record<string, string> = {
  'index.html':
    '<!doctype html><meta http-equiv="content-security-policy" content="default-src \'self\'"><title>Home</title>',
  '404.html': '<!doctype html><title>Not found</title><p>This page has gone fishing</p>',
  'brochure.pdf': '%PDF-1.4 not really',
  '_astro/app.js': 'console.log(1)',
  '_astro/site.css': 'body{}',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'fonts/inter.woff2': 'wOF2',
  'sitemap-index.xml': '<?xml version="1.0"?><sitemapindex/>',
  'robots.txt': 'User-agent: *',
  'photo.webp': 'RIFF',
  'data.unknownext': 'bytes',
};

let dist: string;
let site: Hono;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'static-site-'));
  for (const [name, body] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(dist, name)), { recursive: true });
    await writeFile(path.join(dist, name), body);
  }
  await writeFile(path.join(dist, '404.html.br'), brotliCompressSync(FILES['404.html']!));
  site = (await staticSite(dist)) as unknown as Hono;
});
afterAll(() => rm(dist, { recursive: true, force: true }));

const typeOf = async (url: string) => (await site.request(url)).headers.get('content-type');

describe('the static site', () => {
  it.each([
    ['/brochure.pdf', 'application/pdf'],
    ['/', 'text/html; charset=utf-8'],
    ['/_astro/app.js', 'text/javascript; charset=utf-8'],
    ['/_astro/site.css', 'text/css; charset=utf-8'],
    ['/favicon.svg', 'image/svg+xml; charset=utf-8'],
    ['/fonts/inter.woff2', 'font/woff2'],
    ['/sitemap-index.xml', 'application/xml; charset=utf-8'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/photo.webp', 'image/webp'],
    ['/data.unknownext', 'application/octet-stream'],
  ])('serves %s as %s', async (url, type) => {
    expect(await typeOf(url)).toBe(type);
  });

  it('answers a revalidated page with 304 while its ETag still matches', async () => {
    const tag = (await site.request('/')).headers.get('etag');
    expect(tag).toMatch(/^"[^"]+"$/);
    const again = await site.request('/', { headers: { 'if-none-match': tag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // The browser takes the 304's headers over the cached page's: the page's own policy must be among them.
    expect(again.headers.get('content-security-policy')).toBe("default-src 'self'; frame-ancestors 'none'");
    const changed = await site.request('/', { headers: { 'if-none-match': '"not-this-one"' } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe(FILES['index.html']);
  });

  it('gives each encoding its own ETag, the same from every server of one build', async () => {
    const other = (await staticSite(dist)) as unknown as Hono;
    const tags = async (app: Hono) =>
      Promise.all(
        ['identity', 'br'].map(async (encoding) => {
          const res = await app.request('/404.html', { headers: { 'accept-encoding': encoding } });
          return res.headers.get('etag');
        }),
      );
    const [plain, brotli] = await tags(site);
    expect(plain).not.toBe(brotli);
    expect(await tags(other)).toEqual([plain, brotli]);
  });

  it('answers HEAD with the length a GET would send, and no body', async () => {
    const head = await site.request('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(FILES['index.html']!)));
    expect(await head.text()).toBe('');
  });

  it('answers an unknown path with the not-found page as 404, precompressed when the browser takes it', async () => {
    const res = await site.request('/no-such-page', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(FILES['404.html']);
    const plain = await site.request('/no-such-page');
    expect([plain.status, await plain.text()]).toEqual([404, FILES['404.html']]);
  });

  it('precompresses text, scripts, styles, XML and SVG, but not PDFs, images or fonts', () => {
    const compressed = Object.keys(FILES).filter(isCompressible).sort();
    expect(compressed).toEqual(
      [
        'index.html',
        '404.html',
        '_astro/app.js',
        '_astro/site.css',
        'favicon.svg',
        'sitemap-index.xml',
        'robots.txt',
      ].sort(),
    );
  });

  it('gives Netlify the usual spellings of a page path, never the page itself', () => {
    expect(caseVariants('/TryNow').sort()).toEqual(['/TRYNOW', '/Trynow', '/tryNow', '/trynow']);
    expect(caseVariants('/forgot-password').sort()).toEqual([
      '/FORGOT-PASSWORD',
      '/Forgot-Password',
      '/Forgot-password',
      '/forgot-Password',
    ]);
    expect(caseVariants('/login').sort()).toEqual(['/LOGIN', '/Login']);
  });
});
