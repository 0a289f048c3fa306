// A page's first response (status line, headers and compressed HTML) should fit TCP's first flight (ten
// segments, about 14 KB), so that a first visit paints one round trip earlier. Where a page's first screen
// ends is stated here (the CSS cut of page-css.ts keeps inline what it uses), and three post-build passes
// take out of every page what its first paint does not need (docs/decisions/107-first-flight.md, 156):
//   - icons move to a sprite file, cached like every hashed asset (one file per set of icons: the pages
//     that show the same icons share it), and each is drawn with <use>: the box keeps its size, so
//     nothing moves when the sprite arrives. After the first part of <main> (its first element) every
//     icon moves; above it only large ones (brand logos drawn from long paths), so that the
//     interface's small icons paint with the page. Icons inside an island stay as they are: React
//     hydrates the markup it rendered; so do drawings whose parts refer to each other by id.
//   - Astro's island runtime and its hydration directives, which it writes inline into every page with
//     an island, move to one deferred script file per set (every public page shares one): nothing on the
//     first paint waits for them, and a second page finds the file cached. Pages drawn by client:only
//     islands (the signed-in ones) keep them inline, so that their islands start as they are parsed.
//   - the CSP keeps only the hashes of the inline scripts and sheets the page holds (Astro lists every
//     script it may write on any page), and Google's hosts only where the page's scripts reach Google,
//     which shortens the <meta> and the header the server makes of it.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { pageScripts } from './page-scripts.ts';

/** Above the first screen, an icon's body (what lies between <svg> and </svg>) at least this long goes to the sprite. */
const LARGE_ICON = 400;

const SVG = /<svg\b([^>]*)>([\s\S]*?)<\/svg>/g;
const digest = (text: string, encoding: 'hex' | 'base64') => createHash('sha256').update(text).digest(encoding);

/** The HTML files of `dist` (the editor at /cms/ excepted: an app of its own). */
export async function pages(dist: string): Promise<string[]> {
  return (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .filter((entry) => path.relative(dist, entry.parentPath).split(path.sep)[0] !== 'cms')
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The spans of `html` inside an island (from `<astro-island` to its closing tag, nested ones included). */
function islandSpans(html: string): [number, number][] {
  const spans: [number, number][] = [];
  let depth = 0;
  let start = 0;
  for (const m of html.matchAll(/<(\/?)astro-island\b/g)) {
    if (!m[1]) {
      if (depth++ === 0) start = m.index;
    } else if (--depth === 0) spans.push([start, m.index]);
  }
  return spans;
}

/**
 * Where the first part of <main> ends (its first element), the page's end without one. Icons after it
 * go to the sprite: an icon that arrives a moment after the page keeps its box, so a window that shows
 * more than the first part sees nothing move.
 */
function firstPartEnd(html: string): number {
  const main = /<main\b[^>]*>\s*<(\w+)/.exec(html);
  if (!main) return html.length;
  const tag = main[1]!;
  const elements = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  elements.lastIndex = main.index + main[0].length - tag.length - 1;
  let depth = 0;
  for (let m = elements.exec(html); m; m = elements.exec(html)) {
    if (!m[1]) depth++;
    else if (--depth === 0) return elements.lastIndex;
  }
  return html.length;
}

/**
 * No window shows more text than this from the start of <main>: text runs in columns, beside pictures and
 * in cards (tests/e2e/css-pruning.spec.ts draws the first window of pages at 1920 by 1200 and smaller
 * with only the CSS this leaves inline).
 */
const FIRST_SCREEN_TEXT = 2000;

/**
 * Where the first screen ends: after the first FIRST_SCREEN_TEXT characters of text from the start of
 * <main> on (the footer of a short page is in it); the page's end without a <main>.
 */
export function firstScreenEnd(html: string): number {
  const main = html.search(/<main\b/);
  if (main < 0) return html.length;
  // Text is what lies between tags, scripts and sheets aside, its white space counted once.
  const parts = /<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>|<[^>]*>/g;
  parts.lastIndex = main;
  let text = 0;
  for (let m = parts.exec(html), from = main; m; from = parts.lastIndex, m = parts.exec(html)) {
    text += html.slice(from, m.index).replace(/\s+/g, ' ').trim().length;
    if (text > FIRST_SCREEN_TEXT) return m.index;
  }
  return html.length;
}

/**
 * The markup a first screen can show: the page up to the first screen's end, and what follows the
 * site's footer (fixed to the window: the cookie banner, the toasts, the back-to-top button).
 */
export function firstScreenMarkup(html: string): string {
  const end = firstScreenEnd(html);
  const main = html.indexOf('</main>');
  const footer = main < 0 ? -1 : html.indexOf('</footer>', main);
  return footer < end ? html.slice(0, end) : html.slice(0, end) + html.slice(footer);
}

/**
 * An icon's body, written in the page as HTML, as the XML of a sprite file, where an attribute without a
 * value (Astro's data-astro-cid-*) is an error that stops the browser reading the file. Astro's scoped-style
 * attributes are dropped: no page's sheet reaches into a sprite.
 */
function iconXml(body: string): string {
  const nodes = parseDocument(body, {
    lowerCaseTags: false,
    lowerCaseAttributeNames: false,
    recognizeSelfClosing: true,
  });
  for (const element of DomUtils.findAll(() => true, nodes.children))
    for (const name of Object.keys(element.attribs))
      if (name.startsWith('data-astro-cid-')) delete element.attribs[name];
  return DomUtils.getOuterHTML(nodes.children, { xmlMode: true });
}

/** The page's icons that go to the sprite: where each is, its attributes, its symbol's id and markup. */
function spriteIcons(html: string) {
  const islands = islandSpans(html);
  const firstPart = firstPartEnd(html);
  return (
    [...html.matchAll(SVG)]
      .filter((m) => m[2]!.length >= LARGE_ICON || m.index > firstPart)
      // A drawing that names its own parts (gradients, masks: `id=`, `url(#…)`) stays whole.
      .filter((m) => !/<use\b|\bid=|url\(#/.test(m[2]!))
      .filter((m) => !islands.some(([from, to]) => m.index > from && m.index < to))
      .map((m) => {
        const viewBox = /\bviewBox="([^"]*)"/.exec(m[1]!)?.[1] ?? '0 0 24 24';
        const id = `i${digest(`${viewBox}\0${m[2]}`, 'hex').slice(0, 8)}`;
        return {
          whole: m[0],
          attributes: m[1]!,
          id,
          symbol: `<symbol id="${id}" viewBox="${viewBox}">${iconXml(m[2]!)}</symbol>`,
        };
      })
  );
}

/**
 * Moves icons of every page of `dist` to sprites in `dist/_astro`, one per set of icons, each named by
 * its content; returns how many sprites were written.
 */
export async function iconsToSprites(dist: string): Promise<number> {
  const sprites = new Set<string>();
  for (const file of await pages(dist)) {
    let html = await readFile(file, 'utf8');
    const icons = spriteIcons(html);
    if (icons.length === 0) continue;
    const symbols = [...new Map(icons.map((icon) => [icon.id, icon.symbol]))].sort(([a], [b]) => a.localeCompare(b));
    const sprite = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.map(([, symbol]) => symbol).join('')}</svg>`;
    const url = `/_astro/icons.${digest(sprite, 'hex').slice(0, 8)}.svg`;
    if (!sprites.has(url)) await writeFile(path.join(dist, url), sprite);
    sprites.add(url);
    for (const icon of icons)
      html = html.replace(icon.whole, () => `<svg${icon.attributes}><use href="${url}#${icon.id}"></use></svg>`);
    await writeFile(file, html);
  }
  return sprites.size;
}

/** Astro's island scripts: the inline scripts of the body, which carry no attribute (JSON-LD has its type). */
const BODY_INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * Moves the island scripts of every page of `dist` into `dist/_astro`, one deferred file per set of
 * scripts, named by its content, in their order, where the first of them was: each only defines or
 * starts hydration, which waits for the document anyway. A page with client:only islands keeps its
 * scripts. Returns how many files were written.
 */
export async function islandScriptsToFiles(dist: string): Promise<number> {
  const files = new Set<string>();
  for (const file of await pages(dist)) {
    const html = await readFile(file, 'utf8');
    const body = html.indexOf('</head>');
    // A page of client:only islands (the signed-in pages) is drawn by them: they start as they are parsed.
    if (body < 0 || html.includes('client="only"')) continue;
    const scripts = [...html.slice(body).matchAll(BODY_INLINE_SCRIPT)];
    if (scripts.length === 0) continue;
    const code = scripts.map((m) => m[1]!.trim().replace(/;?$/, ';')).join('\n');
    const url = `/_astro/islands.${digest(code, 'hex').slice(0, 8)}.js`;
    if (!files.has(url)) await writeFile(path.join(dist, url), code);
    files.add(url);
    let first = true;
    const moved = html.slice(body).replace(BODY_INLINE_SCRIPT, () => {
      const tag = first ? `<script defer src="${url}"></script>` : '';
      first = false;
      return tag;
    });
    await writeFile(file, html.slice(0, body) + moved);
  }
  return files.size;
}

const CSP_META = /<meta http-equiv="content-security-policy" content="[^"]*"/i;

/** Google's sign-in hosts, in every page's CSP by the site's configuration. */
const GOOGLE = / https:\/\/accounts\.google\.com[^\s;"]*/g;

/**
 * The page's CSP with only the hashes of the inline scripts and sheets it holds, and Google's hosts only
 * if the page's scripts reach Google (the sign-in button's pages); a `frame-src` left without a source
 * becomes 'none', and a directive left with 'self' alone goes (default-src 'self' says the same).
 */
export function withOwnSources(html: string, reachesGoogle: boolean): string {
  const own = new Set<string>();
  for (const m of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/g))
    if (!/\bsrc=/.test(m[2]!)) own.add(`sha256-${digest(m[3]!, 'base64')}`);
  return html.replace(CSP_META, (meta) => {
    const hashes = meta.replace(/ (?:'|&#39;)(sha256-[\w+/=]+)(?:'|&#39;)/g, (whole, hash: string) =>
      own.has(hash) ? whole : '',
    );
    const sources = reachesGoogle
      ? hashes
      : hashes.replace(GOOGLE, '').replace(/frame-src(?=\s*[;"])/, "frame-src 'none'");
    // A directive of 'self' alone says what default-src 'self' says.
    return sources.replace(/content="([^"]*)"/, (_, content: string) => {
      const kept = content.split(';').filter((d) => !/^\s*(?!default-)[a-z-]+-src\s+'self'\s*$/.test(d));
      return `content="${kept.join(';')}"`;
    });
  });
}

/** Applies withOwnSources to every page of `dist`. */
export async function ownSourcesOnly(dist: string): Promise<void> {
  for (const file of await pages(dist)) {
    const html = await readFile(file, 'utf8');
    const { all } = await pageScripts(dist, html);
    // The page's markup (its CSP aside, which names Google on every page) and every script it can load.
    const markup = html.replace(CSP_META, '');
    const reachesGoogle = [markup, ...all.values()].some((text) => text.includes('accounts.google.com'));
    const out = withOwnSources(html, reachesGoogle);
    if (out !== html) await writeFile(file, out);
  }
}
