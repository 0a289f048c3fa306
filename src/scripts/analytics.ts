// First-party page views: one per page load and per client-side navigation, sent only while the stored
// cookie choice is 'Accept All' and the browser sends no Global Privacy Control or Do Not Track signal.
// The choice is read at every view, so a change through the footer's 'Cookie settings' counts at once.
// Nothing is stored in the browser: no cookie, no storage key of this script's own. The server keeps the
// path, the referrer's host and a daily visitor hash (src/server/analytics/).
import { ANALYTICS_VIEW_PATH, COOKIE_CONSENT_KEY, TOKEN_KEY } from '../lib/constants.ts';

const endpoint = `${(import.meta.env.PUBLIC_API_URL ?? '').replace(/\/$/, '')}${ANALYTICS_VIEW_PATH}`;
let sent: string | undefined;

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function view() {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  const path = location.pathname + location.search;
  if (path === sent || stored(COOKIE_CONSENT_KEY) !== 'accepted' || nav.globalPrivacyControl || nav.doNotTrack === '1')
    return;
  sent = path;
  // A signed-in admin's own visits are not counted: the token lets the server tell.
  const token = stored(TOKEN_KEY);
  fetch(endpoint, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ path: path.slice(0, 1024), referrer: document.referrer.slice(0, 1024) }),
  })
    // Reading the small answer ends the request; left unread, the browser would count it as still loading.
    .then((res) => res.text())
    .catch(() => {});
}

// Client-side navigations change the URL through pushState or go back and forth through popstate.
const push = history.pushState;
history.pushState = function (...args: Parameters<History['pushState']>) {
  push.apply(this, args);
  view();
};
addEventListener('popstate', view);
// 'Accept All' on this page counts this page.
addEventListener('cookie-consent', view);
view();
