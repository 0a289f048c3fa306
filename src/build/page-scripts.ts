// The built scripts a page can load, read from dist/: what the CSS cut looks for class names in, and what
// tells whether a page reaches Google (the CSP's hosts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The built scripts a page can load (its module scripts, its islands' components and renderer, and what
 * those import, statically or lazily), by path; `early`: those that run as the page loads (islands
 * hydrate later, when idle or on interaction).
 */
export async function pageScripts(dist: string, markup: string) {
  const all = new Map<string, string>();
  const early = new Map<string, string>();
  for (const m of markup.matchAll(/(src|[\w-]-url)="(\/[^"]+\.js)"|import\s*\(?\s*["'`](\/[^"'`]+\.js)["'`]/g)) {
    const url = (m[2] ?? m[3])!;
    await collectScripts(dist, url, all);
    if (m[1] === 'src' || m[3]) await collectScripts(dist, url, early);
  }
  return { all, early };
}

/** Adds to `seen` a built script and, recursively, every script it names (imports, lazy imports, preload lists). */
async function collectScripts(dist: string, url: string, seen: Map<string, string>): Promise<void> {
  if (seen.has(url)) return;
  const text = await readFile(path.join(dist, url), 'utf8').catch(() => '');
  seen.set(url, text);
  for (const next of namedScripts(url, text)) await collectScripts(dist, next, seen);
}

/** The scripts a script's text names, as paths from the site's root. */
function namedScripts(url: string, text: string): string[] {
  return [...text.matchAll(/["'`]((?:\.{1,2}\/|\/)?[\w./-]+\.js)["'`]/g)].map(([, ref]) =>
    ref!.startsWith('.') ? path.posix.join(path.posix.dirname(url), ref!) : `/${ref!.replace(/^\//, '')}`,
  );
}
