// Logo marquee: each row moves at TIMINGS.marqueeSpeed pixels a second, whatever its width.
// The row holds its logos twice and slides by half its width, so the loop is seamless.
import { TIMINGS } from '../lib/constants.ts';

for (const track of document.querySelectorAll<HTMLElement>('[data-marquee-track]')) {
  const distance = track.scrollWidth / 2;
  if (distance > 0) track.style.animationDuration = `${distance / TIMINGS.marqueeSpeed}s`;
}
