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
import { DomUtils } from 'htmlparser2';
import {
  applyEdits,
  asXml,
  attributeValue,
  type Edit,
  type Element,
  elements,
  first,
  inner,
  innerText,
  isElement,
  isInside,
  outer,
  range,
  type Page,
  parsePage,
  startTag,
} from './html.ts';
import { pageScripts } from './page-scripts.ts';

/** Above the first screen, an icon's body (what lies between <svg> and </svg>) at least this long goes to the sprite. */
const LARGE_ICON = 400;

const digest = (text: string, encoding: 'hex' | 'base64') => createHash('sha256').update(text).digest(encoding);

/** The HTML files of `dist` (the editor at /cms/ excepted: an app of its own). */
export async function pages(dist: string): Promise<string[]> {
  return (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .filter((entry) => path.relative(dist, entry.parentPath).split(path.sep)[0] !== 'cms')
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Where the first part of <main> ends (its first element), the page's end without one. Icons after it
 * go to the sprite: an icon that arrives a moment after the page keeps its box, so a window that shows
 * more than the first part sees nothing move.
 */
function firstPartEnd(html: string, page: Page): number {
  const part = first(page, 'main')?.children.find(isElement);
  return part ? part.endIndex! + 1 : html.length;
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
export function firstScreenEnd(html: string, page = parsePage(html)): number {
  const main = first(page, 'main');
  if (!main) return html.length;
  // Text is what lies between tags, scripts and sheets aside, its white space counted once.
  let text = 0;
  for (const node of textNodes(page)) {
    if (node.startIndex! < main.startIndex! || isInside(node, 'script') || isInside(node, 'style')) continue;
    text += html
      .slice(...range(node))
      .replace(/\s+/g, ' ')
      .trim().length;
    if (text > FIRST_SCREEN_TEXT) return range(node)[1];
  }
  return html.length;
}

/**
 * The markup a first screen can show: the page up to the first screen's end, and what follows the
 * site's footer (fixed to the window: the cookie banner, the toasts, the back-to-top button).
 */
export function firstScreenMarkup(html: string): string {
  const page = parsePage(html);
  const end = firstScreenEnd(html, page);
  const main = first(page, 'main');
  const footer = main && elements(page, (e) => e.name === 'footer' && e.startIndex! > main.endIndex!)[0];
  if (!footer) return html.slice(0, end);
  const footerEnd = inner(html, footer)[1];
  return footerEnd < end ? html.slice(0, end) : html.slice(0, end) + html.slice(footerEnd);
}

/** Whether a drawing names its own parts (gradients, masks: an `id`, a `url(#…)`) or uses another: it stays whole. */
const namesParts = (svg: Element) =>
  elements(
    svg,
    (e) => e.name === 'use' || 'id' in e.attribs || Object.values(e.attribs).some((v) => v.includes('url(#')),
  ).length > 0;

/** The page's icons that go to the sprite: each element, its symbol's id and markup (well-formed XML, decision 158). */
function spriteIcons(html: string, page: Page) {
  const firstPart = firstPartEnd(html, page);
  return (
    elements(page, (e) => e.name === 'svg' && !isInside(e, 'svg'))
      .filter((svg) => innerText(html, svg).length >= LARGE_ICON || svg.startIndex! > firstPart)
      .filter((svg) => !namesParts(svg))
      // React hydrates the markup it rendered: an island's icons stay.
      .filter((svg) => !isInside(svg, 'astro-island'))
      .map((svg) => {
        const viewBox = svg.attribs.viewbox ?? '0 0 24 24';
        // Astro's scoped-style attributes stay on the page's <svg>; no sheet reaches into a sprite.
        for (const part of elements(svg, () => true))
          for (const name of Object.keys(part.attribs))
            if (name.startsWith('data-astro-cid-')) delete part.attribs[name];
        const body = asXml(svg);
        const id = `i${digest(`${viewBox}\0${body}`, 'hex').slice(0, 8)}`;
        return { svg, id, symbol: `<symbol id="${id}" viewBox="${attributeValue(viewBox)}">${body}</symbol>` };
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
    const html = await readFile(file, 'utf8');
    const icons = spriteIcons(html, parsePage(html));
    if (icons.length === 0) continue;
    const symbols = [...new Map(icons.map((icon) => [icon.id, icon.symbol]))].sort(([a], [b]) => a.localeCompare(b));
    const sprite = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.map(([, symbol]) => symbol).join('')}</svg>`;
    const url = `/_astro/icons.${digest(sprite, 'hex').slice(0, 8)}.svg`;
    if (!sprites.has(url)) await writeFile(path.join(dist, url), sprite);
    sprites.add(url);
    const edits = icons.map(({ svg, id }): Edit => {
      const [from, to] = outer(svg);
      return { from, to, text: `${startTag(html, svg)}<use href="${url}#${id}"></use></svg>` };
    });
    await writeFile(file, applyEdits(html, edits));
  }
  return sprites.size;
}

/** A script of the page's own text, which carries no attribute (JSON-LD has its type, a module its src). */
const isBareScript = (node: Page['children'][number]): boolean =>
  isElement(node) && node.name === 'script' && Object.keys(node.attribs).length === 0;

/**
 * Astro's island scripts: it writes them (the island element's definition, each hydration directive) as
 * bare scripts just before the island that needs them; a bare script elsewhere is the page's own.
 */
function islandScripts(page: Page): Element[] {
  return elements(page, (e) => {
    if (!isBareScript(e) || isInside(e, 'head')) return false;
    let next = e.nextSibling;
    while (next && (isBareScript(next) || (next.type === 'text' && next.data.trim() === ''))) next = next.nextSibling;
    return next !== null && isElement(next) && next.name === 'astro-island';
  });
}

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
    const page = parsePage(html);
    // A page of client:only islands (the signed-in pages) is drawn by them: they start as they are parsed.
    if (elements(page, (e) => e.name === 'astro-island' && e.attribs.client === 'only').length > 0) continue;
    const scripts = islandScripts(page);
    if (scripts.length === 0) continue;
    const code = scripts.map((script) => `${innerText(html, script).trim().replace(/;$/, '')};`).join('\n');
    const url = `/_astro/islands.${digest(code, 'hex').slice(0, 8)}.js`;
    if (!files.has(url)) await writeFile(path.join(dist, url), code);
    files.add(url);
    const edits = scripts.map((script, i): Edit => {
      const [from, to] = outer(script);
      return { from, to, text: i === 0 ? `<script defer src="${url}"></script>` : '' };
    });
    await writeFile(file, applyEdits(html, edits));
  }
  return files.size;
}

/** The page's CSP <meta>. */
const cspMeta = (page: Page) =>
  elements(page, (e) => e.name === 'meta' && e.attribs['http-equiv']?.toLowerCase() === 'content-security-policy')[0];

/** Script types a browser runs (JSON-LD and other data blocks are not, and need no hash). */
const RUN_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The CSP sources of the page's inline scripts and sheets, by directive, in the page's order. */
function ownHashes(html: string, page: Page): Record<string, string[]> {
  const hash = (element: Element) => `'sha256-${digest(innerText(html, element), 'base64')}'`;
  const inline = (e: Element) => !('src' in e.attribs);
  return {
    'script-src': elements(
      page,
      (e) => e.name === 'script' && inline(e) && RUN_TYPES.has((e.attribs.type ?? '').toLowerCase()),
    ).map(hash),
    'style-src': elements(page, (e) => e.name === 'style').map(hash),
  };
}

/** Google's sign-in hosts, in every page's CSP by the site's configuration. */
const GOOGLE = 'https://accounts.google.com';

/**
 * The page's CSP with the hashes of the inline scripts and sheets it holds (Astro lists every hash it
 * may write on any page; the passes before this one moved and cut scripts and sheets), and Google's
 * hosts only if the page's scripts reach Google (the sign-in button's pages); a `frame-src` left without
 * a source becomes 'none', and a directive left with 'self' alone goes (default-src 'self' says the same).
 */
export function withOwnSources(html: string, reachesGoogle: boolean): string {
  const page = parsePage(html);
  const meta = cspMeta(page);
  if (!meta?.attribs.content) return html;
  const own = ownHashes(html, page);
  const directives = meta.attribs.content.split(';').flatMap((directive) => {
    const lead = directive.slice(0, directive.length - directive.trimStart().length);
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (!name) return [directive];
    let kept = sources.filter((source) => !(own[name] && source.startsWith("'sha")));
    kept = [...kept, ...(own[name] ?? [])];
    if (!reachesGoogle) kept = kept.filter((source) => !source.startsWith(GOOGLE));
    if (name === 'frame-src' && kept.length === 0) kept = ["'none'"];
    // A directive of 'self' alone says what default-src 'self' says.
    if (name !== 'default-src' && name.endsWith('-src') && kept.length === 1 && kept[0] === "'self'") return [];
    return [`${lead}${[name, ...kept].join(' ')}`];
  });
  const content = directives.join(';');
  if (content === meta.attribs.content) return html;
  const attributes = Object.entries({ ...meta.attribs, content })
    .map(([name, value]) => ` ${name}="${attributeValue(value)}"`)
    .join('');
  const [from, to] = outer(meta);
  return applyEdits(html, [{ from, to, text: `<meta${attributes}>` }]);
}

/** Applies withOwnSources to every page of `dist`. */
export async function ownSourcesOnly(dist: string): Promise<void> {
  for (const file of await pages(dist)) {
    const html = await readFile(file, 'utf8');
    const meta = cspMeta(parsePage(html));
    // The page's markup (its CSP aside, which names Google on every page) and every script it can load.
    const markup = meta ? applyEdits(html, [{ from: outer(meta)[0], to: outer(meta)[1], text: '' }]) : html;
    const { all } = await pageScripts(dist, markup);
    const reachesGoogle = [markup, ...all.values()].some((text) => text.includes('accounts.google.com'));
    const out = withOwnSources(html, reachesGoogle);
    if (out !== html) await writeFile(file, out);
  }
}

/** The page's text nodes, in document order. */
const textNodes = (page: Page) => DomUtils.filter((node) => node.type === 'text', page.children);
