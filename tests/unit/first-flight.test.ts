// The post-build passes that take out of each page what its first paint does not need (icons to sprite
// files, Astro's island scripts to files, the CSP cut to the hashes of the page's own inline scripts and
// sheets), and where its first screen ends.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  firstScreenEnd,
  firstScreenMarkup,
  iconsToSprites,
  islandScriptsToFiles,
  withOwnSources,
} from '../../src/build/first-flight.ts';
import { checkSvgFiles } from '../../src/build/svg-files.ts';

const hash = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`;

describe('firstScreenMarkup', () => {
  const text = (n: number) => 'word '.repeat(n / 5).trim();

  it('is the page up to 2,000 characters of text into <main>, and what follows the footer', () => {
    const html = `<header>h</header><main><h1>${text(1500)}</h1><p class="late">${text(1500)}</p></main><footer class="foot">f</footer><div class="banner">b</div>`;
    const shown = firstScreenMarkup(html);
    expect(shown).toContain('<p class="late">');
    expect(firstScreenEnd(html)).toBeLessThan(html.indexOf('</main>'));
    expect(shown).not.toContain('class="foot"');
    expect(shown.endsWith('</footer><div class="banner">b</div>')).toBe(true);
  });

  it('is the whole of a short page, its footer too, and of a page without <main>', () => {
    const short = `<main><p>${text(500)}</p></main><footer class="foot">f</footer>`;
    expect(firstScreenMarkup(short)).toBe(short);
    expect(firstScreenMarkup(`<div>${text(5000)}</div>`)).toBe(`<div>${text(5000)}</div>`);
  });

  it('does not count scripts and sheets as text', () => {
    const html = `<main><script>${'x'.repeat(5000)}</script><p>${text(100)}</p></main><footer>f</footer>`;
    expect(firstScreenEnd(html)).toBe(html.length);
  });
});

describe('withOwnSources', () => {
  const script = 'console.log(1)';
  const sheet = 'p{color:red}';
  const page = (csp: string) =>
    `<head><meta http-equiv="content-security-policy" content="${csp}"><style>${sheet}</style></head><body><script>${script}</script><script type="module" src="/a.js"></script></body>`;
  const metaOf = (html: string) => /content="([^"]*)"/.exec(html)![1]!;

  it("lists the hashes of the page's inline scripts and sheets, and drops the others", () => {
    const csp = `script-src 'self' '${hash(script)}' '${hash('elsewhere()')}'; style-src 'self' '${hash('q{}')}';`;
    expect(metaOf(withOwnSources(page(csp), true))).toBe(
      `script-src 'self' '${hash(script)}'; style-src 'self' '${hash(sheet)}';`,
    );
  });

  it('hashes JSON-LD and other data blocks not, nor a script with a src', () => {
    const html = page("script-src 'self'").replace('</head>', '<script type="application/ld+json">{}</script></head>');
    expect(metaOf(withOwnSources(html, true))).toBe(`script-src 'self' '${hash(script)}'`);
  });

  it("keeps Google's hosts only on a page whose scripts reach Google", () => {
    const csp =
      "connect-src 'self' https://accounts.google.com;frame-src https://accounts.google.com; script-src 'self' https://accounts.google.com/gsi/client; style-src 'self' https://accounts.google.com/gsi/style;";
    const hashed = `connect-src 'self' https://accounts.google.com;frame-src https://accounts.google.com; script-src 'self' https://accounts.google.com/gsi/client '${hash(script)}'; style-src 'self' https://accounts.google.com/gsi/style '${hash(sheet)}';`;
    expect(metaOf(withOwnSources(page(csp), true))).toBe(hashed);
    expect(metaOf(withOwnSources(page(csp), false))).toBe(
      `frame-src 'none'; script-src 'self' '${hash(script)}'; style-src 'self' '${hash(sheet)}';`,
    );
  });

  it('leaves the rest of the page as it was, byte for byte', () => {
    const csp = `script-src 'self' '${hash('elsewhere()')}'`;
    const html = page(csp);
    const out = withOwnSources(html, true);
    const meta = (text: string) => /<meta [^>]*>/.exec(text)![0];
    expect(out.replace(meta(out), '')).toBe(html.replace(meta(html), ''));
  });

  it("drops a directive of 'self' alone, which default-src 'self' already says", () => {
    const csp = `default-src 'self';font-src 'self';img-src 'self' data:;connect-src 'self'; script-src 'self' '${hash(script)}'`;
    expect(metaOf(withOwnSources(page(csp), false))).toBe(
      `default-src 'self';img-src 'self' data:; script-src 'self' '${hash(script)}'`,
    );
  });
});

describe('iconsToSprites', () => {
  let dist: string;
  const big = `<path d="${'M1 1L2 2'.repeat(60)}"/>`;
  const small = '<path d="M0 0h24"/>';
  const svg = (body: string) => `<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">${body}</svg>`;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'first-flight-'));
    await mkdir(path.join(dist, '_astro'));
    const page = (main: string) =>
      `<body><header>${svg(small)}${svg(big)}</header><main><section>${svg(small)}</section>${main}</main><footer>${svg(small)}</footer></body>`;
    await writeFile(path.join(dist, 'a.html'), page(''));
    await writeFile(path.join(dist, 'b.html'), page(''));
    await writeFile(
      path.join(dist, 'c.html'),
      page(`<astro-island>${svg(small)}</astro-island><div>${svg('<defs id="g"></defs>')}</div>`),
    );
    await iconsToSprites(dist);
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('moves large icons, and every icon below the first screen, to a sprite the pages with the same icons share', async () => {
    const a = await readFile(path.join(dist, 'a.html'), 'utf8');
    expect(a).toBe(await readFile(path.join(dist, 'b.html'), 'utf8'));
    const uses = [...a.matchAll(/<use href="(\/_astro\/icons\.\w+\.svg)#(\w+)"><\/use>/g)];
    expect(uses).toHaveLength(2); // the large header icon and the footer's
    expect(a.match(/<path d="M0 0h24"\/>/g)).toHaveLength(2); // small ones in the first screen stay
    expect(a).toContain('<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><use');
    const sprite = await readFile(path.join(dist, uses[0]![1]!), 'utf8');
    for (const [, , id] of uses) expect(sprite).toContain(`<symbol id="${id}" viewBox="0 0 24 24">`);
  });

  it("leaves an island's icons and a drawing with ids as they are", async () => {
    const c = await readFile(path.join(dist, 'c.html'), 'utf8');
    expect(c).toContain(`<astro-island>${svg(small)}</astro-island>`);
    expect(c).toContain(svg('<defs id="g"></defs>'));
    // The icons c moves are a's and b's: one file for the three.
    expect(await readdir(path.join(dist, '_astro'))).toHaveLength(1);
  });
});

describe('sprite files', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'sprites-'));
    await mkdir(path.join(dist, '_astro'));
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it("are well-formed XML although the page's icons carry Astro's valueless attributes", async () => {
    // Astro's scoped style marks every element of a component, an <svg>'s children too, as HTML allows.
    const icon =
      '<svg viewBox="0 0 24 24" data-astro-cid-x1><g fill="none" data-astro-cid-x1><path d="M0 0h24" data-astro-cid-x1></path><circle cx="4" cy="4" r="2" data-astro-cid-x1/></g></svg>';
    await writeFile(path.join(dist, 'a.html'), `<body><main><section>s</section><p>${icon}</p></main></body>`);
    expect(await iconsToSprites(dist)).toBe(1);
    const [file] = await readdir(path.join(dist, '_astro'));
    const sprite = await readFile(path.join(dist, '_astro', file!), 'utf8');
    expect(sprite).toMatch(
      /<symbol id="\w+" viewBox="0 0 24 24"><g fill="none"><path d="M0 0h24"\/><circle cx="4" cy="4" r="2"\/><\/g><\/symbol>/,
    );
    // The page keeps its own attributes on the <svg> it draws the icon with.
    expect(await readFile(path.join(dist, 'a.html'), 'utf8')).toContain(
      `<svg viewBox="0 0 24 24" data-astro-cid-x1><use href="/_astro/${file}#`,
    );
    expect(await checkSvgFiles(dist)).toBe(1);
  });

  it('fail the build, named with their error, when one is not well-formed', async () => {
    await writeFile(
      path.join(dist, '_astro', 'bad.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0" data-astro-cid-x1></path></svg>',
    );
    await expect(checkSvgFiles(dist)).rejects.toThrow(
      /_astro\/bad\.svg:1:\d+ boolean attribute 'data-astro-cid-x1' is not allowed/,
    );
  });
});

describe('islandScriptsToFiles', () => {
  let dist: string;
  const head = '<head><script>boot()</script><script type="application/ld+json">{}</script></head>';
  const body = (directive: string) =>
    `<body><script>${directive}</script><script>defineIsland()</script><astro-island></astro-island><script type="module" src="/_astro/a.js"></script><script>mine()</script><script type="application/ld+json">{}</script><script>toasts()</script>\n<astro-island></astro-island></body>`;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'island-scripts-'));
    await mkdir(path.join(dist, '_astro'));
    await writeFile(path.join(dist, 'a.html'), head + body('idle()'));
    await writeFile(path.join(dist, 'b.html'), head + body('idle()'));
    await writeFile(path.join(dist, 'c.html'), head + body('load()'));
    await writeFile(
      path.join(dist, 'e.html'),
      head + body('only()').replace('<astro-island>', '<astro-island client="only">'),
    );
    await writeFile(path.join(dist, 'd.html'), `${head}<body><p>No island</p></body>`);
    await islandScriptsToFiles(dist);
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it("moves Astro's island scripts, in their order, to one deferred file per set, where the first was", async () => {
    const a = await readFile(path.join(dist, 'a.html'), 'utf8');
    expect(a).toBe(await readFile(path.join(dist, 'b.html'), 'utf8'));
    const [, url] = /<body><script defer src="(\/_astro\/islands\.\w+\.js)"><\/script><astro-island>/.exec(a)!;
    expect(await readFile(path.join(dist, url!), 'utf8')).toBe('idle();\ndefineIsland();\ntoasts();');
    // The head's script runs before the first paint; JSON-LD, module scripts and a script of the page's
    // own (one that no island follows) are no island scripts.
    expect(a.startsWith(head)).toBe(true);
    expect(a).toContain(
      '<script type="module" src="/_astro/a.js"></script><script>mine()</script><script type="application/ld+json">{}</script>\n<astro-island>',
    );
    expect(a.match(/<script>/g)).toHaveLength(2);
  });

  it('gives another set of scripts its own file, and leaves a page without islands alone', async () => {
    const c = await readFile(path.join(dist, 'c.html'), 'utf8');
    expect(c).toMatch(/<script defer src="\/_astro\/islands\.\w+\.js"><\/script>/);
    expect(await readdir(path.join(dist, '_astro'))).toHaveLength(2);
    expect(await readFile(path.join(dist, 'd.html'), 'utf8')).toBe(`${head}<body><p>No island</p></body>`);
  });

  it('leaves the scripts of a page drawn by client:only islands inline, so that they start as parsed', async () => {
    const only = head + body('only()').replace('<astro-island>', '<astro-island client="only">');
    expect(await readFile(path.join(dist, 'e.html'), 'utf8')).toBe(only);
  });
});
