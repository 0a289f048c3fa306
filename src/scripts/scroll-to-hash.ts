// Service details: a hash scrolls smoothly to its section after 100 ms; no hash starts at the top.
import { TIMINGS } from '../lib/constants.ts';

/** The hash's id, or the hash as written when it is no valid escape ('#%E0'). */
function hashId(): string {
  const hash = location.hash.slice(1);
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

const id = hashId();
const target = id ? document.getElementById(id) : null;
if (target) {
  // The scroll aims where the section stands when it starts, so nothing above it may still change size:
  // the page's whole sheet, turned on after the first paint, arrives by the load event, and the sections
  // drawn only near the viewport (`later-on-page`, record 181) above it or around it are drawn for real, not
  // at a stand-in height. Those below it keep waiting for the visitor.
  const aboveOrAround = Node.DOCUMENT_POSITION_FOLLOWING | Node.DOCUMENT_POSITION_CONTAINED_BY;
  for (const part of document.querySelectorAll('.later-on-page'))
    if (part === target || part.compareDocumentPosition(target) & aboveOrAround) part.classList.remove('later-on-page');
  const scroll = () =>
    setTimeout(() => target.scrollIntoView({ behavior: 'smooth', block: 'start' }), TIMINGS.scrollToAnchorDelayMs);
  if (document.readyState === 'complete') scroll();
  else window.addEventListener('load', scroll, { once: true });
} else if (!id) {
  window.scrollTo(0, 0);
}
