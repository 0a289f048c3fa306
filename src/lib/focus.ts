// Where keyboard focus goes when the control that holds it disappears: never to <body>, from where the
// next Tab starts over at the top of the document (or leaves it).

export const CONTROLS =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** The first control after `el` in the document's order (outside `el`) that Tab can reach and that is shown. */
export function controlAfter(el: Element): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>(CONTROLS)].find(
    (c) =>
      c.tabIndex >= 0 &&
      !el.contains(c) &&
      (el.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 &&
      c.checkVisibility({ visibilityProperty: true }),
  );
}
