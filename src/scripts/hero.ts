// The hero's reveal starts 100 ms after the page is shown (TIMINGS.heroRevealDelayMs).
import { TIMINGS } from '../lib/constants.ts';

const hero = document.querySelector<HTMLElement>('[data-hero]');
if (hero) setTimeout(() => hero.classList.add('active'), TIMINGS.heroRevealDelayMs);
