// What the `npm start` server answers for built files of each kind: its content type, and whether
// postbuild precompresses it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCompressible } from '../../src/server/site/mime.ts';
import { loadStaticSite, type StaticSite } from '../../src/server/site/static-site.ts';

const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>Home</title>',
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
let site: StaticSite;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'static-site-'));
  for (const [name, body] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(dist, name)), { recursive: true });
    await writeFile(path.join(dist, name), body);
  }
  site = await loadStaticSite(dist);
});
afterAll(() => rm(dist, { recursive: true, force: true }));

const typeOf = (url: string) => site.handle(new Request(`http://localhost${url}`)).headers.get('content-type');

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
  ])('serves %s as %s', (url, type) => {
    expect(typeOf(url)).toBe(type);
  });

  it('precompresses text, scripts, styles, XML and SVG, but not PDFs, images or fonts', () => {
    const compressed = Object.keys(FILES).filter(isCompressible).sort();
    expect(compressed).toEqual(
      ['index.html', '_astro/app.js', '_astro/site.css', 'favicon.svg', 'sitemap-index.xml', 'robots.txt'].sort(),
    );
  });
});
