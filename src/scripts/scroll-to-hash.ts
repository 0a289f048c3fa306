// Service details: a hash scrolls smoothly to its section after 100 ms; no hash starts at the top.
import { TIMINGS } from '../lib/constants.ts';

const id = decodeURIComponent(location.hash.slice(1));
if (id) {
  setTimeout(
    () => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    TIMINGS.scrollToAnchorDelayMs,
  );
} else {
  window.scrollTo(0, 0);
}
