// `client:consent-pending`: the cookie banner's directive. While no cookie choice is stored, the
// prebuilt banner is live HTML and hydrates on the visitor's first interaction with it (the click that
// makes the choice counts: see interaction.ts). Once a choice is stored the banner is hidden, so nothing
// hydrates it and a page without islands of its own loads no React at all, until the visitor asks for
// the banner again (the footer's 'Cookie settings').
import type { ClientDirective } from 'astro';
import { COOKIE_SETTINGS_EVENT } from '../lib/constants.ts';
import { hydrateOnInteraction } from './interaction.ts';

const consentPending: ClientDirective = (load, _options, el) => {
  const hydrate = hydrateOnInteraction(load, el);
  window.addEventListener(COOKIE_SETTINGS_EVENT, () => void hydrate(), { once: true });
};

export default consentPending;
