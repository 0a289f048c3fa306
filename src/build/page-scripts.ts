// The built scripts a page can load, read from dist/: what the CSS cut looks for class names in, and what
// tells whether a page reaches Google (the CSP's hosts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { elements, innerText, parsePage } from './html.ts';

/**
 * The built scripts a page can load (its module scripts, its islands' components and renderer, and what
 * those import, statically or lazily), by path; `early`: those that run as the page loads (its scripts
 * and what they import statically: islands hydrate later, when idle or on interaction, and a lazy import
 * such as the search dialog's waits for the visitor).
 */
export async function pageScripts(dist: string, markup: string) {
  const all = new Map<string, string>();
  const early = new Map<string, string>();
  const page = parsePage(markup);
  for (const element of elements(page, () => true)) {
    for (const [name, url] of Object.entries(element.attribs)) {
      // A script's src, an island's component-url, renderer-url and before-hydration-url.
      if (!(name === 'src' || name.endsWith('-url')) || !url.startsWith('/') || !url.endsWith('.js')) continue;
      await collectScripts(dist, url, all, namedScripts);
      if (name === 'src') await collectScripts(dist, url, early, importedScripts);
    }
    if (element.name !== 'script' || 'src' in element.attribs) continue;
    // An inline script's lazy imports run as the page loads.
    for (const [, url] of innerText(markup, element).matchAll(/\bimport\s*\(?\s*["'`](\/[^"'`]+\.js)["'`]/g)) {
      await collectScripts(dist, url!, all, namedScripts);
      await collectScripts(dist, url!, early, importedScripts);
    }
  }
  return { all, early };
}

type Follow = (url: string, text: string) => string[];

/** Adds to `seen` a built script and, recursively, every script `follow` finds in it. */
async function collectScripts(dist: string, url: string, seen: Map<string, string>, follow: Follow): Promise<void> {
  if (seen.has(url)) return;
  const text = await readFile(path.join(dist, url), 'utf8').catch(() => '');
  seen.set(url, text);
  for (const next of follow(url, text)) await collectScripts(dist, next, seen, follow);
}

const fromRoot = (url: string, ref: string) =>
  ref.startsWith('.') ? path.posix.join(path.posix.dirname(url), ref) : `/${ref.replace(/^\//, '')}`;

/** Every script a script's text names (imports, lazy imports, preload lists), as paths from the site's root. */
function namedScripts(url: string, text: string): string[] {
  return [...text.matchAll(/["'`]((?:\.{1,2}\/|\/)?[\w./-]+\.js)["'`]/g)].map(([, ref]) => fromRoot(url, ref!));
}

/** The scripts a script imports statically (`import … from "./x.js"`, `import "./x.js"`). */
function importedScripts(url: string, text: string): string[] {
  return [...text.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`]((?:\.{1,2}\/|\/)[\w./-]+\.js)["'`]/g)].map(
    ([, ref]) => fromRoot(url, ref!),
  );
}
