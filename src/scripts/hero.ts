// The hero's reveal starts 100 ms after the page is shown (SPEC section 9).
import { TIMINGS } from '../lib/constants.ts';

const hero = document.querySelector<HTMLElement>('[data-hero]');
if (hero) setTimeout(() => hero.classList.add('active'), TIMINGS.heroRevealDelayMs);
