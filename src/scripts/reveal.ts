// Reveal-on-scroll: a section takes `active` once 10 % of it is visible. The `js` class on <html>
// lets the CSS hide `.reveal` elements only when this script is there to show them again.
// `data-stagger-ms` delays an element's transition (staggered cards); set here because the CSP
// forbids inline style attributes.
import { TIMINGS } from '../lib/constants.ts';

const targets = document.querySelectorAll<HTMLElement>('.reveal');

if (targets.length && 'IntersectionObserver' in window) {
  document.documentElement.classList.add('js');
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add('active');
        observer.unobserve(entry.target);
      }
    },
    { threshold: TIMINGS.revealThreshold },
  );
  targets.forEach((el) => {
    const delay = Number(el.dataset.staggerMs);
    if (delay) el.style.transitionDelay = `${delay}ms`;
    // The hero reveals on its own timer (src/scripts/hero.ts).
    if (!el.hasAttribute('data-reveal-manual')) observer.observe(el);
  });
}
