// Astro writes the rule that lays out its island wrappers as a <style> element just before a page's first
// island, inside <body>, where HTML allows no <style>. It moves here to the end of <head>, unchanged, so its
// hash in the page's CSP still matches. If Astro ever changes the rule, nothing moves and the HTML check
// of the e2e suite (tests/e2e/html-valid.spec.ts) reports the <style> in <body>.
const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** The page with the island style moved into <head> (the CSS pruning's pass over every page applies it). */
export function withIslandStyleInHead(html: string): string {
  const head = html.indexOf('</head>');
  const at = html.indexOf(ISLAND_STYLE, head);
  if (head < 0 || at < 0) return html;
  return html.slice(0, head) + ISLAND_STYLE + html.slice(head, at) + html.slice(at + ISLAND_STYLE.length);
}
