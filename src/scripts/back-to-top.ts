// Floating back-to-top button: shown past 300 px of scroll, scrolls smoothly to the top.
import { TIMINGS } from '../lib/constants.ts';

const button = document.querySelector<HTMLButtonElement>('[data-back-to-top]');
if (button) {
  const update = () => {
    const show = window.scrollY > TIMINGS.backToTopPx;
    button.classList.toggle('invisible', !show);
    button.classList.toggle('opacity-0', !show);
  };
  update();
  window.addEventListener('scroll', update, { passive: true });
  button.addEventListener('click', () => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    // The button hides at the top: focus goes to the page's first control (the skip link), so that the
    // next Tab continues from the top of the page instead of from <body>.
    document.querySelector<HTMLElement>('a[href="#main"]')?.focus({ preventScroll: true });
  });
}
