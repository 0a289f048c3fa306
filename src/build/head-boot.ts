// The one inline head script, run before the first paint: it applies a stored colour scheme, so a page never
// flashes the other scheme, and marks a stored cookie choice on <html>, so the prebuilt cookie banner never
// flashes for a visitor who has already chosen. One script is one hash in the page's CSP (and its header):
// Astro hashes 'head-inline' scripts into it.
import type { AstroIntegration } from 'astro';
import { CONSENT_GIVEN_CLASS, COOKIE_CONSENT_KEY } from '../lib/constants.ts';
import { themeBootScript } from '../lib/theme.ts';

const consentBootScript = `try{localStorage.getItem(${JSON.stringify(COOKIE_CONSENT_KEY)})&&document.documentElement.classList.add(${JSON.stringify(CONSENT_GIVEN_CLASS)})}catch(e){}`;

export function headBoot(): AstroIntegration {
  return {
    name: 'agency-head-boot',
    hooks: {
      'astro:config:setup': ({ injectScript }) =>
        injectScript('head-inline', `${themeBootScript};${consentBootScript}`),
    },
  };
}
