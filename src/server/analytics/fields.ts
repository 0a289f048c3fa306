// What a beacon becomes before it is stored: the page's path without query or fragment (one spelling
// per page), the UTM fields of its query, the host of an outside referrer, and a device class from the
// User-Agent. Nothing else of the request is kept.
import Bowser from 'bowser';
import { isbot } from 'isbot';
import { ANALYTICS, type DeviceClass } from '../../lib/constants.ts';

export interface PageFields {
  path: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
}

// Control characters (NUL included, which PostgreSQL text cannot hold) go; lone surrogates become U+FFFD.
const clean = (s: string, max: number) =>
  s
    .toWellFormed()
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, max);

function decoded(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The page a beacon names, or undefined when it is not a path of this site (`//host`, no leading slash). */
export function pageFields(raw: string): PageFields | undefined {
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  let url: URL;
  try {
    url = new URL(raw, 'http://site.invalid');
  } catch {
    return undefined;
  }
  // '/policy', '/policy/' and '//policy//' are one page; the root stays '/'.
  const path =
    clean(
      decoded(url.pathname)
        .replace(/\/{2,}/g, '/')
        .replace(/(.)\/$/, '$1'),
      ANALYTICS.pathMax,
    ) || '/';
  const utm = (name: string) => {
    const v = url.searchParams.get(`utm_${name}`);
    return v ? clean(v, ANALYTICS.utmMax) || null : null;
  };
  return {
    path,
    utmSource: utm('source'),
    utmMedium: utm('medium'),
    utmCampaign: utm('campaign'),
    utmTerm: utm('term'),
    utmContent: utm('content'),
  };
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '');

/** The referrer's host without `www.`; null when there is none, it is not http(s), or it is this site. */
export function referrerHost(raw: string | undefined, ownHosts: string[]): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = bareHost(url.hostname);
    return host && !ownHosts.some((h) => bareHost(h) === host) ? host.slice(0, 253) : null;
  } catch {
    return null;
  }
}

/**
 * User-Agents repeat from one view to the next (a few browser versions make most of the traffic): each is
 * judged once. At most MEMO_SIZE are kept; past it the memo starts over, so a flood of made-up agents
 * costs memory no more than the judging itself.
 */
const MEMO_SIZE = 1000;
function remembered<T>(judge: (userAgent: string) => T): (userAgent: string) => T {
  const memo = new Map<string, T>();
  return (userAgent) => {
    let verdict = memo.get(userAgent);
    if (verdict === undefined) {
      if (memo.size >= MEMO_SIZE) memo.clear();
      verdict = judge(userAgent);
      memo.set(userAgent, verdict);
    }
    return verdict;
  };
}

/** Crawlers, monitors and headless browsers, and requests that do not say what they are. */
export const isBot = remembered((userAgent) => userAgent.trim() === '' || isbot(userAgent));

export const deviceClass = remembered((userAgent): DeviceClass => {
  let type: string | undefined;
  try {
    // Only the platform is parsed (not browser, OS and engine too): half the cost.
    type = Bowser.getParser(userAgent, true).getPlatformType(true);
  } catch {
    return 'other';
  }
  return type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'other';
});
