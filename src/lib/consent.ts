// The stored cookie-consent choice. Anything that needs consent must wait for `cookie-consent`
// (a window event carrying the value) or check readConsent() first; nothing of the kind loads before.
import {
  CONSENT_GIVEN_CLASS,
  COOKIE_CONSENT_KEY,
  COOKIE_CONSENT_VALUES,
  COOKIE_SETTINGS_CLASS,
  COOKIE_SETTINGS_EVENT,
  type CookieConsent,
} from './constants.ts';

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
  // The class the head script sets for a stored choice: it hides the banner, prebuilt or hydrated.
  document.documentElement.classList.add(CONSENT_GIVEN_CLASS);
  document.documentElement.classList.remove(COOKIE_SETTINGS_CLASS);
  window.dispatchEvent(new CustomEvent<CookieConsent>('cookie-consent', { detail: value }));
}

/** Shows the banner again (the footer's 'Cookie settings'), with or without a stored choice. */
export function requestCookieSettings() {
  document.documentElement.classList.add(COOKIE_SETTINGS_CLASS);
  window.dispatchEvent(new Event(COOKIE_SETTINGS_EVENT));
}

/** True while the visitor has reopened the banner and not chosen again. */
export function cookieSettingsRequested(): boolean {
  return document.documentElement.classList.contains(COOKIE_SETTINGS_CLASS);
}
