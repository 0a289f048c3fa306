// Astro writes the rule that lays out its island wrappers as a <style> element just before a page's first
// island, inside <body>, where HTML allows no <style>. It moves here to the end of the page's sheet in
// <head> (the CSP pass, first-flight.ts, then hashes the sheet: one sheet, one hash, a shorter CSP <meta>
// and header). If Astro ever changes the rule, nothing moves and the HTML check of the e2e suite
// (tests/e2e/html-valid.spec.ts) reports the <style> in <body>.
import { applyEdits, elements, first, inner, innerText, isInside, outer, parsePage } from './html.ts';

const ISLAND_RULE = 'astro-island,astro-slot,astro-static-slot{display:contents}';

/** The page with the island style moved into its sheet (the CSS pruning's pass over every page applies it). */
export function withIslandStyleInSheet(html: string): string {
  const page = parsePage(html);
  const head = first(page, 'head');
  const styles = elements(page, (e) => e.name === 'style' && Object.keys(e.attribs).length === 0);
  const island = styles.find((e) => !isInside(e, 'head') && innerText(html, e) === ISLAND_RULE);
  if (!head || !island) return html;
  const [from, to] = outer(island);
  const sheet = styles.find((e) => isInside(e, 'head'));
  const at = sheet ? inner(html, sheet)[1] : inner(html, head)[1];
  const moved = sheet ? ISLAND_RULE : `<style>${ISLAND_RULE}</style>`;
  return applyEdits(html, [
    { from: at, to: at, text: moved },
    { from, to, text: '' },
  ]);
}
