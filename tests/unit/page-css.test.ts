// The postbuild step that cuts each page's inline CSS to the rules the page can use: what it keeps (classes
// in the HTML, in the scripts the page loads, in what those import lazily), what it drops, and where the
// whole sheet is linked.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postcss from 'postcss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classAttributeNames,
  decodeEntities,
  pruneCss,
  prunePage,
  prunePagesCss,
  selectorClasses,
  selectorElements,
  tokens,
} from '../../src/build/page-css.ts';

const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

// Long enough to be pruned (small sheets are left alone).
const SHEET = [
  '@layer base{body{margin:0}h1{font-weight:700}}',
  '@layer utilities{.in-html{color:red}.in-island{color:green}.in-lazy{color:blue}.in-inline-script{color:teal}.nowhere{color:gray}',
  '.md\\:in-html{color:red}.hover\\:nowhere:hover{color:gray}.w-\\[42px\\]{width:42px}.\\32 xl\\:unused{x:y}.below{color:navy}}',
  '@media (width>=40rem){.also-nowhere{display:none}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '.in-html,.nowhere-either{outline:none}',
  `/* ${'padding '.repeat(130)} */`,
].join('');

describe('tokens and classAttributeNames', () => {
  it("finds class names between white space and quotes, and a class attribute's names whole", () => {
    const words = tokens(`<p class="md:flex [&_a]:text-white">a</p>x.className=\`mt-1 \${w}\`+'ring-2';`);
    for (const word of ['md:flex', '[&_a]:text-white', 'mt-1', 'ring-2']) expect(words).toContain(word);
    expect(words).not.toContain('md');
    expect(classAttributeNames('<p class="content-[&quot;x&quot;] p-1">')).toEqual(['content-["x"]', 'p-1']);
  });
});

describe('selectorClasses', () => {
  it('reads escaped Tailwind class names', () => {
    expect(selectorClasses('.md\\:grid-cols-2')).toEqual(['md:grid-cols-2']);
    expect(selectorClasses('.w-\\[42px\\]')).toEqual(['w-[42px]']);
    expect(selectorClasses('.\\32 xl\\:p-4')).toEqual(['2xl:p-4']);
    expect(selectorClasses('.group:hover .group-hover\\:block')).toEqual(['group', 'group-hover:block']);
    expect(selectorClasses('h1, :root')).toEqual([]);
  });
});

describe('selectorElements', () => {
  it('names the elements a selector needs, not those it excludes or offers as alternatives', () => {
    expect(selectorElements('.prose :where(thead th):not(:where([class~=not-prose] *))')).toEqual(['thead', 'th']);
    expect(selectorElements('abbr:where([title])')).toEqual(['abbr']);
    expect(selectorElements('.x:not(svg)')).toEqual([]);
    expect(selectorElements(':is(ul, ol) > li')).toEqual(['li']);
    for (const none of ['::backdrop', ':root', '*']) expect(selectorElements(none)).toEqual([]);
    expect(selectorElements('foreignObject')).toEqual(['foreignobject']);
    expect(selectorElements('::placeholder')).toEqual(['input|textarea']);
    expect(selectorElements('::-webkit-datetime-edit-year-field')).toEqual(['input|textarea']);
    expect(selectorElements('.x:not(::placeholder)')).toEqual([]);
  });
});

describe('pruneCss and elements', () => {
  it('drops the selectors of elements the page does not have, and keeps a list that can still match', () => {
    const css = '.prose :where(table){margin:0}.prose :where(p){margin:1em}code,kbd,pre{font-family:mono}';
    const out = pruneCss(css, { classes: () => true, elements: (tag) => ['p', 'code'].includes(tag) });
    expect(out).toBe('.prose :where(p){margin:1em}code{font-family:mono}');
  });

  it('finds the elements of the markup and of the scripts a page loads', async () => {
    const sheet = `table{border:0}kbd{font:mono}dialog{margin:auto}blockquote{quotes:none}/* ${'padding '.repeat(130)} */`;
    const html = `<style>${sheet}</style><TABLE></TABLE><script>x.innerHTML="<kbd>Esc</kbd>";jsx("dialog",{})</script>`;
    const css = /<style>([\s\S]*?)<\/style>/.exec(await prunePage('/nonexistent', html))![1]!;
    for (const kept of ['table{', 'kbd{', 'dialog{']) expect(css).toContain(kept);
    expect(css).not.toContain('blockquote');
  });
});

describe('pruneCss and custom properties', () => {
  it('keeps the custom properties a kept rule or the page reads, through others too, and drops the rest', () => {
    const css = [
      '@property --tw-used{syntax:"*";inherits:false}@property --tw-unused{syntax:"*";inherits:false}',
      ':root{--color-a:red;--color-b:var(--color-a);--color-c:blue;--color-read-by-script:green}',
      '.kept{color:var(--color-b);translate:var(--tw-used)}.gone{color:var(--color-c);--tw-unused:1}',
      '@layer properties{@supports (x:y){*{--tw-unused:initial}}}',
    ].join('');
    const out = pruneCss(css, {
      classes: (c) => c === 'kept',
      elements: () => true,
      mentioned: new Set(['--color-read-by-script']),
    });
    for (const kept of ['--color-a:red', '--color-b:var(--color-a)', '--color-read-by-script', '@property --tw-used'])
      expect(out).toContain(kept);
    for (const gone of ['--color-c', '--tw-unused', '@layer properties', '.gone']) expect(out).not.toContain(gone);
  });
});

describe('pruneCss', () => {
  it('keeps rules whose classes are used, rules without classes, and keyframes', () => {
    const used = new Set(['in-html', 'md:in-html', 'w-[42px]']);
    const out = pruneCss(SHEET, { classes: (c) => used.has(c), elements: () => true });
    expect(out).toContain('body{margin:0}');
    expect(out).toContain('.in-html{color:red}');
    expect(out).toContain('.md\\:in-html{color:red}');
    expect(out).toContain('.w-\\[42px\\]{width:42px}');
    expect(out).toContain('@keyframes spin');
    for (const gone of ['.nowhere{', 'hover\\:nowhere', '.also-nowhere', '@media', '\\32 xl', 'nowhere-either'])
      expect(out).not.toContain(gone);
    // A selector list keeps the selectors that can match.
    expect(out).toContain('.in-html{outline:none}');
  });
});

describe('classes written with character references', () => {
  // Long enough to be pruned; each rule's class holds a character that HTML writes as a reference.
  const sheet = [
    '.\\[\\&_a\\]\\:text-white a{color:white}',
    '.content-\\[\\"x\\"\\]{content:"x"}',
    '.data-\\[a\\>b\\]\\:p-1{padding:1px}',
    '.\\[\\&_b\\]\\:unused b{color:red}',
    `/* ${'padding '.repeat(130)} */`,
  ].join('');

  it('decodes the five named references and numeric ones', () => {
    expect(decodeEntities('[&amp;_a] &quot;x&#34; &lt;&gt; &#x26;&apos; &nbsp; &#0;')).toBe(
      `[&_a] "x" <> &' &nbsp; &#0;`,
    );
  });

  it('keeps the rules of classes the markup writes as references', async () => {
    const html = `<style>${sheet}</style><div class="[&amp;_a]:text-white content-[&quot;x&quot;] data-[a&gt;b]:p-1"><a href="/">x</a><b>y</b></div>`;
    const css = /<style>([\s\S]*?)<\/style>/.exec(await prunePage('/nonexistent', html))![1]!;
    expect(css).toContain('text-white a{color:white}');
    expect(css).toContain('{content:"x"}');
    expect(css).toContain('{padding:1px}');
    expect(css).not.toContain('color:red');
  });
});

describe('prunePagesCss', () => {
  let dist: string;
  const page = (body: string) =>
    `<!doctype html><html><head><meta http-equiv="content-security-policy" content="style-src 'self' ${hash(SHEET)}"><style>${SHEET}</style></head><body>${body}</body></html>`;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'page-css-'));
    const files: Record<string, string> = {
      'index.html': page(
        `<main><p class="in-html">${'A first screen of text. '.repeat(100)}</p><section class="below">y</section></main><astro-island component-url="/_astro/Island.js" renderer-url="/_astro/client.js"></astro-island><script type="module">import("/_astro/inline.js")</script>`,
      ),
      'other/index.html': page('<p>nothing styled</p>'),
      'cms/index.html': page('<div id="cms"></div>'),
      '_astro/Island.js': 'import{a}from"./shared.js";const l=()=>import("./lazy.js");a("in-island")',
      '_astro/shared.js': 'export const a=(c)=>c',
      '_astro/lazy.js': 'export default "px in-lazy"',
      '_astro/client.js': 'export default 1',
      '_astro/inline.js': 'document.body.classList.add("in-inline-script")',
      // A library's sheet that a script links later (react-toastify's).
      '_astro/Toasts.css': '.toast{padding:8px}',
    };
    for (const [name, body] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dist, name)), { recursive: true });
      await writeFile(path.join(dist, name), body);
    }
    await prunePagesCss(dist);
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  const sheetOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
  // Linked as a print sheet that the layout's script turns on, and for the screen inside <noscript>.
  const linkedOf = (html: string) =>
    /<link rel="stylesheet" href="(\/_astro\/page\.\w+\.css)" media="print"><noscript><link rel="stylesheet" href="\1"><\/noscript><\/body>/.exec(
      html,
    )?.[1];

  // The linked sheet ranks its layers by specificity: `:not(#\#)` once per step up. `raises`: how many
  // steps the rule that declares `declaration` is raised.
  const RAISE = ':not(#\\#)';
  const raises = (css: string, declaration: string) => {
    let found: number | undefined;
    postcss.parse(css).walkDecls((decl) => {
      if (`${decl.prop}:${decl.value}` === declaration)
        found = (decl.parent as postcss.Rule).selector.split(RAISE).length - 1;
    });
    return found;
  };

  it('links the whole sheet: the classes of the page, of its islands and of what they import, lazily too', async () => {
    const url = linkedOf(await readFile(path.join(dist, 'index.html'), 'utf8'));
    const whole = await readFile(path.join(dist, url!), 'utf8');
    expect(url).toBe(`/_astro/page.${createHash('sha256').update(whole).digest('hex').slice(0, 8)}.css`);
    const rules = whole.replaceAll(RAISE, '');
    for (const kept of ['.in-html{', '.below{', '.in-island{', '.in-lazy{', '.in-inline-script{'])
      expect(rules).toContain(kept);
    expect(rules).not.toContain('.nowhere{');
  });

  it('links the whole sheet without layers, each layer raised above the one before, rules outside layers above all', async () => {
    const whole = await readFile(
      path.join(dist, linkedOf(await readFile(path.join(dist, 'index.html'), 'utf8'))!),
      'utf8',
    );
    expect(whole).not.toContain('@layer');
    const [base, utilities, outside] = ['margin:0', 'color:navy', 'outline:none'].map((d) => raises(whole, d)!);
    expect(base).toBeLessThan(utilities!);
    expect(utilities).toBeLessThan(outside!);
    // The inline sheet keeps its layers: it is read before the first paint.
    expect(sheetOf(await readFile(path.join(dist, 'index.html'), 'utf8'))).toContain('@layer');
  });

  it("ranks a library's sheet linked later above every layer of the site's sheet, as it ranked before", async () => {
    const whole = await readFile(
      path.join(dist, linkedOf(await readFile(path.join(dist, 'index.html'), 'utf8'))!),
      'utf8',
    );
    const toasts = await readFile(path.join(dist, '_astro/Toasts.css'), 'utf8');
    expect(raises(toasts, 'padding:8px')).toBe(raises(whole, 'outline:none'));
  });

  it("keeps inline what the first screen and the page's own scripts use, not what islands add later", async () => {
    const css = sheetOf(await readFile(path.join(dist, 'index.html'), 'utf8'));
    for (const kept of ['.in-html{', '.in-inline-script{']) expect(css).toContain(kept);
    for (const later of ['.below{', '.in-island{', '.in-lazy{']) expect(css).not.toContain(later);
  });

  it('drops what a page cannot use, and leaves the CSP to the pass that hashes every sheet', async () => {
    const html = await readFile(path.join(dist, 'other/index.html'), 'utf8');
    const css = sheetOf(html);
    expect(css).not.toContain('.in-island');
    // Without a <main>, the whole page is its first screen: nothing to link.
    expect(linkedOf(html)).toBeUndefined();
    expect(css.length).toBeLessThan(SHEET.length);
    expect(html).toContain(hash(SHEET));
  });

  it('leaves the CMS page alone', async () => {
    expect(sheetOf(await readFile(path.join(dist, 'cms/index.html'), 'utf8'))).toBe(SHEET);
  });
});
