// `client:consent-pending`: hydrates when the browser is idle, and only while no cookie choice is
// stored. Once a visitor has chosen, a page without islands of its own loads no React at all, until the
// visitor asks for the banner again (the footer's 'Cookie settings').
import type { ClientDirective } from 'astro';
import { COOKIE_CONSENT_KEY, COOKIE_CONSENT_VALUES, COOKIE_SETTINGS_EVENT } from '../lib/constants.ts';

const consentPending: ClientDirective = (load, _options, el) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    (await load())();
  };
  window.addEventListener(COOKIE_SETTINGS_EVENT, () => void hydrate(), { once: true });
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(COOKIE_CONSENT_KEY);
  } catch {
    /* no storage: ask on every page */
  }
  if ((COOKIE_CONSENT_VALUES as readonly string[]).includes(stored ?? '')) return;
  // Sooner than idle when the visitor reaches for the banner.
  for (const type of ['pointerover', 'focusin', 'touchstart'])
    el.addEventListener(type, () => void hydrate(), { once: true, passive: true });
  if ('requestIdleCallback' in window) requestIdleCallback(() => void hydrate(), { timeout: 2000 });
  else setTimeout(() => void hydrate(), 200);
};

export default consentPending;
