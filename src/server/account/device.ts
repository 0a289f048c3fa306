// "Chrome 130 on Linux": the browser and operating system a session signed in from, as the device list
// and the notice mails name it. Only the User-Agent is kept; it is parsed when shown.
//
// The User-Agent is text the client chooses, and Bowser names an unknown browser after the header's own
// first word. So a name is shown only when it is one of Bowser's known browser or system names, and a
// version only as digits: no text of the header itself ever reaches a mail or a page.
import Bowser from 'bowser';
import { fill, type Translate } from '../../i18n/translate.ts';

export const UNKNOWN_DEVICE = 'Unknown device';

/** Longest User-Agent kept with a session; real ones are under 300 characters. */
export const USER_AGENT_MAX = 512;

const KNOWN_BROWSERS = new Set(Object.values(Bowser.BROWSER_MAP));
const KNOWN_SYSTEMS = new Set(Object.values(Bowser.OS_MAP));

export function keptUserAgent(header: string | undefined): string | null {
  const ua = header?.trim();
  return ua ? ua.slice(0, USER_AGENT_MAX) : null;
}

/**
 * `t`: the words around the names in a reader's language (a notice mail's); browser and system names
 * stay as their makers spell them.
 */
export function deviceName(userAgent: string | null | undefined, t: Translate = fill): string {
  if (!userAgent) return t(UNKNOWN_DEVICE);
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const known = browser.name && KNOWN_BROWSERS.has(browser.name) ? browser.name : undefined;
  const name = known && major && /^\d{1,4}$/.test(major) ? `${known} ${major}` : known;
  // Only the system's name: browsers have frozen the version they report (macOS stays '10.15.7').
  const system = os.name && KNOWN_SYSTEMS.has(os.name) ? os.name : undefined;
  if (name && system) return t('{browser} on {system}', { browser: name, system });
  return name ?? system ?? t(UNKNOWN_DEVICE);
}
