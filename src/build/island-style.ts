// Astro writes the rule that lays out its island wrappers as a <style> element just before a page's first
// island, inside <body>, where HTML allows no <style>. It moves here to the end of <head>, unchanged, so its
// hash in the page's CSP still matches. If Astro ever changes the rule, nothing moves and the HTML check
// of the e2e suite (tests/e2e/html-valid.spec.ts) reports the <style> in <body>.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** Moves the island style into <head> on every page that has it; returns how many pages changed. */
export async function moveIslandStyleToHead(dist: string): Promise<number> {
  let moved = 0;
  for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const html = await readFile(file, 'utf8');
    const head = html.indexOf('</head>');
    const at = html.indexOf(ISLAND_STYLE, head);
    if (head < 0 || at < 0) continue;
    const without = html.slice(0, at) + html.slice(at + ISLAND_STYLE.length);
    await writeFile(file, without.slice(0, head) + ISLAND_STYLE + without.slice(head));
    moved++;
  }
  return moved;
}
