// Each page carries its CSS inline (decision 052), and Tailwind writes one stylesheet for the whole site:
// the admin area's and the account screens' classes rode along on every marketing page, and the larger
// inline sheet cost Lighthouse's simulated slow 4G another round trip and the page more style work.
// Here each page keeps only the rules it can use (docs/decisions/052-page-css-and-fonts.md).
//
// What a page can use: every class in its HTML (read as the browser reads it, entities decoded: the class
// `[&_a]:text-white` is written `[&amp;_a]:text-white` in the markup), and every string in the JavaScript it can load (its
// module scripts, its islands' components and renderer, and what those import, statically or lazily).
// Tailwind itself writes a rule only for a class it finds spelled out whole in the sources, so a class an
// island adds at run time is spelled out in that island's bundle. A rule is dropped when every one of
// its selectors names a class found in neither; at-rules other than style rules (keyframes, @property,
// @font-face) stay. The page's CSP hash for the sheet is replaced with the new sheet's.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import postcss from 'postcss';
import { BuildCache } from './build-cache.ts';
import { eachAtOnce } from './each-at-once.ts';
import { Needles } from './needles.ts';

/** Pages read, pruned and written at once: one page's disk time overlaps another's pruning. */
const PAGES_IN_FLIGHT = 4;

/** Sheets smaller than this (Astro's island rule, scoped component styles) are left as they are. */
const MIN_SHEET = 1024;

const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The class names a selector requires, unescaped (`.md\:grid-cols-2` -> `md:grid-cols-2`). */
export function selectorClasses(selector: string): string[] {
  return [...selector.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)].map((m) =>
    m[1]!
      .replace(/\\([0-9a-fA-F]{1,6}) ?/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
      .replace(/\\(.)/g, '$1'),
  );
}

/** Keeps the rules of `css` whose classes `isUsed` says the page can use. */
export function pruneCss(css: string, isUsed: (cls: string) => boolean): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter((s) => selectorClasses(s).every(isUsed));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  // Grouping at-rules (@media, @supports, @layer) left empty go too.
  root.walkAtRules((at) => {
    if (at.nodes?.length === 0) at.remove();
  });
  return root.toString();
}

/**
 * What one run over `dist` remembers: each script's text and the scripts it names (a site's pages share
 * their scripts), each sheet's class names and which of them each script holds, and each pruned sheet by
 * the classes it kept. Pages with the same sheet and the same classes in use (most of a blog's posts,
 * listing and tag pages) share one prune: with 1,000 posts, parsing the sheet once per page was most of
 * the post-build step, and then looking for each class in each page's text (now one pass: needles.ts).
 */
export interface PruneCache {
  scripts: Map<string, Promise<{ text: string; names: string[] }>>;
  sheets: Map<string, { classes: string[]; needles: Needles; inScript: Map<string, Uint8Array> }>;
  pruned: Map<string, string>;
  /** Each sheet's CSP hash, before and after pruning: a few distinct sheets, hashed once each. */
  hashes: Map<string, string>;
}

export const pruneCache = (): PruneCache => ({
  scripts: new Map(),
  sheets: new Map(),
  pruned: new Map(),
  hashes: new Map(),
});

function hashOf(css: string, cache: PruneCache): string {
  let hash = cache.hashes.get(css);
  if (hash === undefined) {
    hash = cspHash(css);
    cache.hashes.set(css, hash);
  }
  return hash;
}

/** Every class name a rule of `css` requires, once each (keyframes' steps are no rules of a page). */
function sheetOf(css: string, cache: PruneCache) {
  let sheet = cache.sheets.get(css);
  if (!sheet) {
    const found = new Set<string>();
    postcss.parse(css).walkRules((rule) => {
      for (const selector of rule.selectors) for (const c of selectorClasses(selector)) found.add(c);
    });
    const classes = [...found];
    sheet = { classes, needles: new Needles(classes), inScript: new Map() };
    cache.sheets.set(css, sheet);
  }
  return sheet;
}

/** The sheet `css` pruned to the classes found in the page's `markup` or in one of its `scripts`. */
async function prunedSheet(css: string, markup: string, scripts: Set<string>, cache: PruneCache): Promise<string> {
  const sheet = sheetOf(css, cache);
  const found = new Uint8Array(sheet.classes.length);
  sheet.needles.scan(markup, found);
  for (const url of scripts) {
    let inScript = sheet.inScript.get(url);
    if (!inScript) {
      inScript = new Uint8Array(sheet.classes.length);
      sheet.needles.scan((await cache.scripts.get(url)!).text, inScript);
      sheet.inScript.set(url, inScript);
    }
    for (let i = 0; i < found.length; i++) found[i] ||= inScript[i]!;
  }
  const used = new Set(sheet.classes.filter((_, i) => found[i]));
  const key = `${css}\0${[...used].join(' ')}`;
  let pruned = cache.pruned.get(key);
  if (pruned === undefined) {
    pruned = pruneCss(css, (c) => used.has(c));
    cache.pruned.set(key, pruned);
  }
  return pruned;
}

/** Adds to `seen` a built script and, recursively, every script it names (imports, lazy imports, preload lists). */
async function collectScripts(dist: string, url: string, seen: Set<string>, cache: PruneCache): Promise<void> {
  if (seen.has(url)) return;
  seen.add(url);
  let script = cache.scripts.get(url);
  if (!script) {
    script = readFile(path.join(dist, url), 'utf8')
      .catch(() => '')
      .then((text) => ({ text, names: namedScripts(url, text) }));
    cache.scripts.set(url, script);
  }
  for (const next of (await script).names) await collectScripts(dist, next, seen, cache);
}

/** The scripts a script's text names, as paths from the site's root. */
function namedScripts(url: string, text: string): string[] {
  return [...text.matchAll(/["'`]((?:\.{1,2}\/|\/)?[\w./-]+\.js)["'`]/g)].map(([, ref]) =>
    ref!.startsWith('.') ? path.posix.join(path.posix.dirname(url), ref!) : `/${ref!.replace(/^\//, '')}`,
  );
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

const SHEET = /<style>([\s\S]*?)<\/style>/g;

/** The texts of a page's inline `<style>` sheets. */
export function inlineSheets(html: string): string[] {
  return [...html.matchAll(SHEET)].map((m) => m[1]!);
}

/** Prunes the inline stylesheet of one page's HTML; returns the new HTML. */
export async function prunePage(dist: string, html: string, cache = pruneCache()): Promise<string> {
  const markup = html.replace(SHEET, '');
  const scripts = new Set<string>();
  for (const m of markup.matchAll(/(?:src|[\w-]-url)="(\/[^"]+\.js)"|import\s*\(?\s*["'`](\/[^"'`]+\.js)["'`]/g))
    await collectScripts(dist, (m[1] ?? m[2])!, scripts, cache);
  const text = decodeEntities(markup);
  let out = html;
  for (const css of inlineSheets(html)) {
    if (css.length < MIN_SHEET) continue;
    const pruned = await prunedSheet(css, text, scripts, cache);
    out = out
      .replace(`<style>${css}</style>`, () => `<style>${pruned}</style>`)
      .replace(hashOf(css, cache), hashOf(pruned, cache));
  }
  return out;
}

/** The digest of every script in `dist` (a page's pruning reads the scripts it can load). */
async function scriptsDigest(dist: string): Promise<string> {
  const hash = createHash('sha256');
  const scripts = (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of scripts)
    hash
      .update(file.slice(dist.length))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  return hash.digest('hex');
}

/**
 * Prunes every page's inline CSS in `dist` (the CMS at /cms/ excepted: it is an app of its own), after
 * `prepare` (another rewrite of every page, done in the same pass over the files). With `kept`, each
 * pruned page is kept between builds (node_modules/.astro/page-css of `kept.root`) by its HTML, the
 * site's scripts and `kept.code`, the digest of the code that prunes (codeDigest in ./build-cache.ts):
 * a rebuild of a thousand unchanged pages reads each answer back instead of pruning the page again.
 */
export async function prunePagesCss(
  dist: string,
  prepare: (html: string) => string = (html) => html,
  kept?: { root: string; code: string },
): Promise<{ pages: number; before: number; after: number }> {
  const totals = { pages: 0, before: 0, after: 0 };
  const cache = pruneCache();
  const keep = kept && { cache: new BuildCache('page-css', kept.root), inputs: [kept.code, await scriptsDigest(dist)] };
  const pages = (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .filter((entry) => path.relative(dist, entry.parentPath).split(path.sep)[0] !== 'cms')
    .map((entry) => path.join(entry.parentPath, entry.name));
  await eachAtOnce(pages, PAGES_IN_FLIGHT, async (file) => {
    const html = await readFile(file, 'utf8');
    const prune = () => prunePage(dist, prepare(html), cache);
    const pruned = keep
      ? (await keep.cache.get([...keep.inputs, html], async () => Buffer.from(await prune()))).toString()
      : await prune();
    totals.pages++;
    totals.before += html.length;
    totals.after += pruned.length;
    if (pruned !== html) await writeFile(file, pruned);
  });
  await keep?.cache.sweep();
  return totals;
}
