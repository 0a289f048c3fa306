// "Chrome 130 on Linux": the browser and operating system a session signed in from, as the device list
// and the notice mails name it. Only the User-Agent is kept; it is parsed when shown.
import Bowser from 'bowser';

export const UNKNOWN_DEVICE = 'Unknown device';

/** Longest User-Agent kept with a session; real ones are under 300 characters. */
export const USER_AGENT_MAX = 512;

export function keptUserAgent(header: string | undefined): string | null {
  const ua = header?.trim();
  return ua ? ua.slice(0, USER_AGENT_MAX) : null;
}

export function deviceName(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const name = browser.name ? [browser.name, major].filter(Boolean).join(' ') : undefined;
  // Only the system's name: browsers have frozen the version they report (macOS stays '10.15.7').
  const system = os.name || undefined;
  if (name && system) return `${name} on ${system}`;
  return name ?? system ?? UNKNOWN_DEVICE;
}
