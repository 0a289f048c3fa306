// The build's passes over Astro's output read each page through an HTML parser (htmlparser2), and edit it
// where the parser says an element begins and ends: the rest of the page keeps its bytes, so a page is
// as Astro wrote it but for the edits made on purpose. No pass matches tags with a regular expression
// (tests/unit/build-html.test.ts), so a change of Astro's markup breaks nothing silently.
import { DomUtils, parseDocument } from 'htmlparser2';

export type Page = ReturnType<typeof parseDocument>;
export type Element = Parameters<typeof DomUtils.getAttributeValue>[0];
type Node = Page['children'][number];

/** The page parsed, each node knowing where it begins and ends in `html`. */
export function parsePage(html: string): Page {
  return parseDocument(html, { withStartIndices: true, withEndIndices: true });
}

/** The elements of `root` that pass `test`, in document order. */
export function elements(root: Page | Element, test: (element: Element) => boolean): Element[] {
  return DomUtils.findAll(test, root.children);
}

/** The first element named `name` (lowercase), if any. */
export function first(root: Page | Element, name: string): Element | undefined {
  return DomUtils.findOne((element) => element.name === name, root.children) ?? undefined;
}

/** Whether `node` lies inside an element named `name`. */
export function isInside(node: Node, name: string): boolean {
  for (let up = node.parent; up; up = up.parent) if (isElement(up) && up.name === name) return true;
  return false;
}

/** Where a node begins and ends in the page's text (an element's end tag included). */
export function range(node: Node): [number, number] {
  return [node.startIndex!, node.endIndex! + 1];
}

/** Where an element begins and ends in the page's text, its end tag included. */
export const outer = (element: Element) => range(element);

/** Where an element's content lies in the page's text: after its start tag, before its end tag. */
export function inner(html: string, element: Element): [number, number] {
  const [, to] = outer(element);
  const close = `</${element.name}>`;
  const end = html.slice(to - close.length, to).toLowerCase() === close ? to - close.length : to;
  const firstChild = element.children[0];
  return [firstChild ? firstChild.startIndex! : end, end];
}

/** The text of an element's content as the page holds it (a script's or a sheet's code, unchanged). */
export function innerText(html: string, element: Element): string {
  return html.slice(...inner(html, element));
}

/** An element's start tag as the page holds it. */
export function startTag(html: string, element: Element): string {
  return html.slice(element.startIndex!, inner(html, element)[0]);
}

export interface Edit {
  from: number;
  to: number;
  text: string;
}

/** The page with each span [from, to) replaced by its text; the spans may not overlap. */
export function applyEdits(html: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.from - b.from);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.from < at) throw new Error(`overlapping edits at ${edit.from}`);
    out += html.slice(at, edit.from) + edit.text;
    at = edit.to;
  }
  return out + html.slice(at);
}

/** An attribute's value written between double quotes. */
export function attributeValue(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}

/** Content children serialised as XML (SVG's own attribute case; a valueless attribute gets ""). */
export function asXml(element: Element): string {
  return DomUtils.getOuterHTML(element.children, { xmlMode: 'foreign' });
}

/** Whether a node is an element (scripts and sheets included). */
export const isElement = (node: object | null): node is Element => node !== null && 'attribs' in node;
