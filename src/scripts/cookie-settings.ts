// The footer's 'Cookie settings' button: shows the cookie banner again, so that a visitor can change
// their choice at any time. No React until it is pressed (the banner's island hydrates on the request).
import { requestCookieSettings } from '../lib/consent.ts';

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-cookie-settings]')) {
  button.addEventListener('click', requestCookieSettings);
}
