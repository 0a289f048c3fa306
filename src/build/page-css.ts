// Each page carries its CSS inline (decision 052), and Tailwind writes one stylesheet for the whole site:
// the admin area's and the account screens' classes rode along on every marketing page, and the larger
// inline sheet cost Lighthouse's simulated slow 4G another round trip and the page more style work.
// Here each page keeps only the rules it can use (docs/decisions/052-page-css-and-fonts.md).
//
// What a page can use: every class in its HTML (read through the HTML parser, as the browser reads it: the
// class `[&_a]:text-white` is written `[&amp;_a]:text-white` in the markup), and every word of the JavaScript it can load
// (its module scripts, its islands' components and renderer, and what those import, statically or lazily),
// words being what lies between white space and quotes: the sheet's classes are a Set, each word a lookup.
// Tailwind itself writes a rule only for a class it finds spelled out whole in the sources, so a class an
// island adds at run time is spelled out in that island's bundle. Elements are found the same way: an element
// of the markup, or a word or `<tag` of a script (React names the elements it makes in strings). A
// selector is dropped when it names a class or an element found in neither (the typography plugin styles
// tables, quotes and code a page may not have), a rule when all its selectors are; at-rules other than
// style rules (keyframes, @property, @font-face) stay. The CSP pass that follows (first-flight.ts) hashes
// the new sheet.
//
// Then the first screen's cut (docs/decisions/148-first-screen-css-inline.md): only the rules that the
// first screen's markup and the page's own scripts can use stay inline, and the page's whole cut sheet is
// linked at the end of <body>, so that the page's first response fits TCP's first flight. The linked copy
// carries its cascade layers as specificity instead (withoutLayers).
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import cascadeLayers from '@csstools/postcss-cascade-layers';
import pMap from 'p-map';
import postcss from 'postcss';
import selectorParser from 'postcss-selector-parser';
import { firstScreenMarkup, pages } from './first-flight.ts';
import { applyEdits, type Edit, elements, first, inner, innerText, outer, type Page, parsePage } from './html.ts';
import { pageScripts } from './page-scripts.ts';

/** Pages read, pruned and written at once: one page's disk time overlaps another's pruning. */
const PAGES_IN_FLIGHT = 4;

/** Sheets smaller than this (Astro's island rule, scoped component styles) are left as they are. */
const MIN_SHEET = 1024;

/** The class names a selector requires, unescaped (`.md\:grid-cols-2` -> `md:grid-cols-2`). */
export function selectorClasses(selector: string): string[] {
  return [...selector.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)].map((m) =>
    m[1]!
      .replace(/\\([0-9a-fA-F]{1,6}) ?/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
      .replace(/\\(.)/g, '$1'),
  );
}

/** Every page shares most of one sheet: each selector is parsed once per build. */
const elementsOf = new Map<string, string[]>();

/** Pseudo-elements that only form fields have (Tailwind's base styles a dozen of them): their elements. */
const FIELD_PARTS = /^::(?:placeholder|file-selector-button|-webkit-(?:date|search|inner|outer|calendar)[\w-]*)$/;

/**
 * The elements a selector cannot match without (`.prose :where(thead th)` -> thead, th): its type
 * selectors, except those under `:not()` or among the alternatives of a list (`:is(ul, ol)`), and a
 * form field's own pseudo-elements (`::placeholder` -> `input|textarea`: one of them).
 */
export function selectorElements(selector: string): string[] {
  const known = elementsOf.get(selector);
  if (known) return known;
  const found: string[] = [];
  elementsOf.set(selector, found);
  const required = (node: selectorParser.Node): boolean => {
    for (let up = node.parent; up; up = up.parent) {
      if (up.type !== 'pseudo') continue;
      if (up.value === ':not' || up.nodes.length > 1) return false;
    }
    return true;
  };
  selectorParser((root) => {
    root.walkTags((tag) => {
      if (required(tag)) found.push(tag.value.toLowerCase());
    });
    root.walkPseudos((pseudo) => {
      if (FIELD_PARTS.test(pseudo.value.toLowerCase()) && required(pseudo)) found.push('input|textarea');
    });
  }).processSync(selector);
  return found;
}

/** What a page can use: its classes and elements, and the custom properties its markup or scripts name. */
export interface PageUse {
  classes: (cls: string) => boolean;
  /** Whether the page has the element (a lowercase tag name), or one of `a|b`. */
  elements: (tags: string) => boolean;
  mentioned?: Set<string>;
}

/**
 * Keeps the rules of `css` whose classes and elements the page can use, then the custom properties that
 * a kept declaration reads (`var(--x)`, through other custom properties too) or that the page's markup or
 * scripts name (`mentioned`: a script may read one). A custom property nothing reads draws nothing: its
 * declarations (Tailwind's theme, its fallbacks for `@property`) and its `@property` rule go.
 */
export function pruneCss(css: string, use: PageUse): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter(
      (s) => selectorClasses(s).every(use.classes) && selectorElements(s).every(use.elements),
    );
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  const reads = new Map<string, string[]>();
  const read = new Set(use.mentioned);
  root.walkDecls((decl) => {
    const names = [...decl.value.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!);
    if (decl.prop.startsWith('--')) reads.set(decl.prop, [...(reads.get(decl.prop) ?? []), ...names]);
    else for (const name of names) read.add(name);
  });
  for (const name of read) for (const next of reads.get(name) ?? []) read.add(next);
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !read.has(decl.prop)) decl.remove();
  });
  root.walkAtRules('property', (at) => {
    if (!read.has(at.params.trim())) at.remove();
  });
  // Rules and grouping at-rules (@media, @supports, @layer) left empty go too, innermost first.
  const empty = (node: postcss.ChildNode) =>
    (node.type === 'rule' || node.type === 'atrule') && node.nodes?.length === 0;
  for (let found = true; found; ) {
    found = false;
    root.walk((node) => {
      if (empty(node)) {
        node.remove();
        found = true;
      }
    });
  }
  return root.toString();
}

/**
 * The linked sheet without cascade layers: each layer's rules raised above the layers before it by
 * specificity (`:not(#\#)`), the rules outside any layer above them all, so the cascade is the same.
 * Chromium lays the whole page out again, every line of text shaped anew, when a sheet that arrives after
 * the first paint declares a layer (docs/decisions/190-linked-sheet-without-layers.md); a sheet of plain
 * rules restyles what it matches. `order`: layers to rank as declared before the sheet's own.
 */
export function withoutLayers(css: string, order: string[] = []): string {
  const declared = order.length ? `@layer ${order.join(',')};` : '';
  return postcss([cascadeLayers()]).process(declared + css, { from: undefined }).css;
}

/** The cascade layers a sheet declares, in order of first mention (Tailwind's: properties, theme, ...). */
export function layersOf(css: string): string[] {
  const names = new Set<string>();
  postcss.parse(css).walkAtRules('layer', (at) => {
    for (const name of at.params.split(',')) if (name.trim()) names.add(name.trim());
  });
  return [...names];
}

/**
 * The other sheets of `dist/_astro/` (react-toastify's, linked when a toast shows) ranked as rules outside
 * the site's layers: they were above every layer of the site's sheet, and stay above its linked copy.
 */
async function lateSheetsAboveLayers(dist: string, order: string[]): Promise<void> {
  const dir = path.join(dist, '_astro');
  for (const file of await readdir(dir)) {
    if (!file.endsWith('.css') || file.startsWith('page.')) continue;
    const css = await readFile(path.join(dir, file), 'utf8');
    await writeFile(path.join(dir, file), withoutLayers(css, order));
  }
}

function withoutComments(css: string): string {
  const root = postcss.parse(css);
  root.walkComments((comment) => void comment.remove());
  return root.toString();
}

/** Every class name a rule of `css` requires (keyframes' steps are no rules of a page). */
function sheetClasses(css: string): Set<string> {
  const found = new Set<string>();
  postcss.parse(css).walkRules((rule) => {
    for (const selector of rule.selectors) for (const c of selectorClasses(selector)) found.add(c);
  });
  return found;
}

/** The words of a text that could be class names: what lies between white space and quotes. */
export function tokens(text: string): Set<string> {
  return new Set(text.split(/[\s"'`]+/));
}

/** Each name of the markup's class attributes, as the browser reads it (a class may hold a quote: `content-["x"]`). */
export function classAttributeNames(markup: string | Page): string[] {
  const page = typeof markup === 'string' ? parsePage(markup) : markup;
  return elements(page, (e) => e.attribs.class !== undefined).flatMap((e) => e.attribs.class!.split(/\s+/));
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The markup's text with character references decoded, so that a class holding `&`, `<`, `>` or a quote is
 * found as the browser reads it. Named references other than these five never occur inside a class name.
 */
export function decodeEntities(html: string): string {
  return html.replace(
    /&(?:#x([0-9a-f]+)|#(\d+)|(amp|lt|gt|quot|apos));/gi,
    (whole, hex?: string, dec?: string, name?: string) => {
      if (name) return NAMED[name.toLowerCase()] ?? whole;
      const code = Number.parseInt((hex ?? dec)!, hex ? 16 : 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}

/** The page's inline sheets: Astro writes them without attributes. */
const sheetsOf = (page: Page) => elements(page, (e) => e.name === 'style' && Object.keys(e.attribs).length === 0);

/** The texts of a page's inline `<style>` sheets. */
export function inlineSheets(html: string): string[] {
  return sheetsOf(parsePage(html)).map((sheet) => innerText(html, sheet));
}

/**
 * The elements a script's text writes as markup (`<mark>` in a template string): the name after each `<`.
 * React names the elements it makes in strings, which are words.
 */
function tagsWritten(text: string): string[] {
  return text
    .split('<')
    .slice(1)
    .map((after) => /^[a-z][\w-]*/i.exec(after)?.[0].toLowerCase() ?? '')
    .filter(Boolean);
}

/** What a page can use: its class names and words, the elements it has or makes, the custom properties it names. */
function usageOf(markup: string, scripts: string[]) {
  const page = parsePage(markup);
  const texts = [markup, ...scripts];
  const words = new Set<string>();
  for (const text of texts) for (const word of tokens(decodeEntities(text))) words.add(word);
  for (const name of classAttributeNames(page)) words.add(name);
  const tags = new Set([
    ...elements(page, () => true).map((e) => e.name),
    ...elements(page, (e) => e.name === 'script').flatMap((e) => tagsWritten(innerText(markup, e))),
    ...scripts.flatMap(tagsWritten),
  ]);
  const mentioned = new Set(texts.flatMap((text) => text.match(/--[\w-]+/g) ?? []));
  return (css: string): PageUse => {
    const used = new Set([...sheetClasses(css)].filter((c) => words.has(c)));
    const has = (tag: string) => tags.has(tag) || words.has(tag);
    return { classes: (c) => used.has(c), elements: (tags) => tags.split('|').some(has), mentioned };
  };
}

/**
 * Prunes the inline stylesheet of one page's HTML; returns the new HTML. When the page's first screen
 * (firstScreenMarkup) uses fewer rules than the whole page, only those stay inline, and the page's
 * whole sheet is written to `dist/_astro/` (named by its content: pages with the same sheet share it) and
 * linked at the end of <body>: the first screen is painted without it, and the next page finds it in the
 * cache. It holds the inline rules too, in the sheet's own order, and outside layers (withoutLayers) it
 * outranks the inline sheet's layered rules: the cascade is the whole sheet's
 * once it is there.
 */
export async function prunePage(dist: string, html: string): Promise<string> {
  const page = parsePage(html);
  const sheets = sheetsOf(page);
  const markup = applyEdits(
    html,
    sheets.map((sheet) => ({ from: outer(sheet)[0], to: outer(sheet)[1], text: '' })),
  );
  const { all: scripts, early } = await pageScripts(dist, markup);
  const wholeUse = usageOf(markup, [...scripts.values()]);
  const firstUse = usageOf(firstScreenMarkup(markup), [...early.values()]);
  const body = first(page, 'body');
  const end = body ? inner(html, body)[1] : html.length;
  const edits: Edit[] = [];
  for (const sheet of sheets) {
    const css = innerText(html, sheet);
    if (css.length < MIN_SHEET) continue;
    const whole = pruneCss(css, wholeUse(css));
    const cut = pruneCss(whole, firstUse(whole));
    // The inline part drops the comments (Tailwind's licence line): the linked whole sheet keeps them.
    const firstRules = cut === whole ? whole : withoutComments(cut);
    const [from, to] = inner(html, sheet);
    edits.push({ from, to, text: firstRules });
    if (firstRules !== whole) {
      const linked = withoutLayers(whole);
      const url = `/_astro/page.${createHash('sha256').update(linked).digest('hex').slice(0, 8)}.css`;
      await writeFile(path.join(dist, url), linked);
      // Loaded as a print sheet, it holds up neither the parser nor the page's scripts; the layout's script
      // (src/scripts/page-sheet.ts) turns it on for the screen. Without scripts, <noscript> links it.
      const links = `<link rel="stylesheet" href="${url}" media="print"><noscript><link rel="stylesheet" href="${url}"></noscript>`;
      edits.push({ from: end, to: end, text: links });
    }
  }
  return applyEdits(html, edits);
}

/**
 * Prunes every page's inline CSS in `dist` (the CMS at /cms/ excepted: it is an app of its own), after
 * `prepare` (another rewrite of every page, done in the same pass over the files); then ranks the other
 * sheets of `dist/_astro/` above the site's layers, as the linked sheets rank them.
 */
export async function prunePagesCss(
  dist: string,
  prepare: (html: string) => string = (html) => html,
): Promise<{ pages: number; before: number; after: number }> {
  const totals = { pages: 0, before: 0, after: 0 };
  const layers = new Set<string>();
  await pMap(
    await pages(dist),
    async (file) => {
      const html = await readFile(file, 'utf8');
      for (const sheet of inlineSheets(html)) for (const name of layersOf(sheet)) layers.add(name);
      const pruned = await prunePage(dist, prepare(html));
      totals.pages++;
      totals.before += html.length;
      totals.after += pruned.length;
      if (pruned !== html) await writeFile(file, pruned);
    },
    { concurrency: PAGES_IN_FLIGHT },
  );
  await lateSheetsAboveLayers(dist, [...layers]);
  return totals;
}
