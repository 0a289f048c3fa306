// Astro writes the rule that lays out its island wrappers as a <style> element just before a page's first
// island, inside <body>, where HTML allows no <style>. It moves here to the end of the page's sheet in
// <head>, whose hash in the page's CSP follows it: one sheet, one hash (a shorter CSP <meta> and header).
// If Astro ever changes the rule, nothing moves and the HTML check of the e2e suite
// (tests/e2e/html-valid.spec.ts) reports the <style> in <body>.
import { cspHash } from './page-css.ts';

const ISLAND_RULE = 'astro-island,astro-slot,astro-static-slot{display:contents}';
const ISLAND_STYLE = `<style>${ISLAND_RULE}</style>`;

/** The page with the island style moved into its sheet (the CSS pruning's pass over every page applies it). */
export function withIslandStyleInSheet(html: string): string {
  const head = html.indexOf('</head>');
  const at = html.indexOf(ISLAND_STYLE, head);
  if (head < 0 || at < 0) return html;
  const rest = html.slice(0, at) + html.slice(at + ISLAND_STYLE.length);
  const sheet = /<style>([\s\S]*?)<\/style>/.exec(html.slice(0, head));
  if (!sheet) return rest.slice(0, head) + ISLAND_STYLE + rest.slice(head);
  const merged = sheet[1] + ISLAND_RULE;
  return rest.replace(sheet[0], () => `<style>${merged}</style>`).replace(cspHash(sheet[1]!), () => cspHash(merged));
}
