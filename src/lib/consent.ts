// The stored cookie-consent choice. Anything that needs consent must wait for `cookie-consent`
// (a window event carrying the value) or check readConsent() first; nothing of the kind loads before.
import { COOKIE_CONSENT_KEY, COOKIE_CONSENT_VALUES, type CookieConsent } from './constants.ts';

export function readConsent(): CookieConsent | null {
  try {
    const v = localStorage.getItem(COOKIE_CONSENT_KEY);
    return (COOKIE_CONSENT_VALUES as readonly string[]).includes(v ?? '') ? (v as CookieConsent) : null;
  } catch {
    return null;
  }
}

export function saveConsent(value: CookieConsent) {
  try {
    localStorage.setItem(COOKIE_CONSENT_KEY, value);
  } catch {
    /* private mode without storage: the choice holds for this page only */
  }
  window.dispatchEvent(new CustomEvent<CookieConsent>('cookie-consent', { detail: value }));
}
