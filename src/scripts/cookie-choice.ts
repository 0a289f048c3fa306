// The cookie banner's three choices (Reject All, Essential Only, Accept All), answered by the prebuilt
// banner without React: the choice is stored and announced (saveConsent: the consented scripts start on
// its event), the banner hidden, and focus in it moved on to the page's next control, never to <body>.
// React loads only for what needs it: the banner's 'Cookie Settings', or the banner asked for again
// through the footer (src/directives/interaction.ts); once it has hydrated, its own handlers answer.
import {
  CONSENT_GIVEN_CLASS,
  COOKIE_CONSENT_KEY,
  COOKIE_CONSENT_VALUES,
  type CookieConsent,
} from '../lib/constants.ts';
import { readConsent, saveConsent } from '../lib/consent.ts';
import { controlAfter } from '../lib/focus.ts';

const banner = document.querySelector<HTMLElement>('.cookie-banner');
const island = banner?.closest('astro-island');

const isChoice = (value: string | undefined): value is CookieConsent =>
  (COOKIE_CONSENT_VALUES as readonly (string | undefined)[]).includes(value);

if (banner && island) {
  // A click stands for a tap and for Enter or Space on a focused choice.
  banner.addEventListener('click', (e) => {
    if (!island.hasAttribute('ssr')) return;
    const value =
      e.target instanceof Element ? e.target.closest<HTMLElement>('[data-consent]')?.dataset.consent : undefined;
    if (!isChoice(value)) return;
    if (banner.contains(document.activeElement)) controlAfter(banner)?.focus();
    saveConsent(value);
  });
  // A choice made in another tab hides this banner too.
  window.addEventListener('storage', (e) => {
    if ((e.key === COOKIE_CONSENT_KEY || e.key === null) && island.hasAttribute('ssr') && readConsent())
      document.documentElement.classList.add(CONSENT_GIVEN_CLASS);
  });
}
