// Reveal-on-scroll: sections and cards take `active` once 10 % of them is visible, and transition to
// their final state (src/styles/global.css). What is in view at load starts from a visible state (a
// little faded and lowered) and is painted with the page, so that no Largest Contentful Paint waits for
// this script or for a transition; what is below the fold is hidden here, out of sight, until it is
// scrolled to.
// Cards in a `data-stagger-ms` group that come into view together are staggered by that step, in
// document order, for at most TIMINGS.revealStaggerMaxSteps steps: the first cards keep the spec's
// step, and the 200th card of a long grid waits no longer than the fifth (per-element delays go
// through the CSSOM, which the CSP allows).
import { TIMINGS } from '../lib/constants.ts';

const targets = document.querySelectorAll<HTMLElement>('.reveal');

if (targets.length && 'IntersectionObserver' in window) {
  let first = true;
  const observer = new IntersectionObserver(
    (entries) => {
      const positions = new Map<Element, number>();
      for (const entry of entries) {
        const el = entry.target as HTMLElement;
        if (!entry.isIntersecting) {
          // Only the first report can find an element out of view before it has been revealed.
          if (first) el.classList.add('reveal-hidden');
          continue;
        }
        const group = el.parentElement?.closest<HTMLElement>('[data-stagger-ms]');
        if (group) {
          const position = positions.get(group) ?? 0;
          positions.set(group, position + 1);
          const steps = Math.min(position, TIMINGS.revealStaggerMaxSteps);
          el.style.transitionDelay = `${steps * Number(group.dataset.staggerMs)}ms`;
        }
        el.classList.add('active');
        observer.unobserve(el);
      }
      first = false;
    },
    { threshold: TIMINGS.revealThreshold },
  );
  // The hero reveals on its own timer (src/scripts/hero.ts).
  for (const el of targets) if (!el.hasAttribute('data-reveal-manual')) observer.observe(el);
}
