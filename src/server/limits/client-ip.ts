// The client address that rate limits key on. Behind a proxy (TRUST_PROXY=true) it is the last
// X-Forwarded-For entry, the one the proxy itself appended; otherwise the socket's remote address.
// In-process tests pass it as the socket: app.request(url, init, { incoming: { socket: { remoteAddress } } }).
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';
import type { AppEnv } from '../core/context.ts';

/** Any route's context: public, signed-in or admin. */
type RequestContext = Pick<Context<AppEnv>, 'req' | 'env'>;

export function clientIp(c: RequestContext, trustProxy: boolean): string {
  return addressOf(c.req.header('x-forwarded-for'), c.env?.incoming?.socket?.remoteAddress, trustProxy);
}

/** The same from a request's X-Forwarded-For header and its socket's address (the HTTP front's limits). */
export function addressOf(forwardedFor: string | undefined, remoteAddress: string | undefined, trustProxy: boolean) {
  if (trustProxy) {
    const last = forwardedFor?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return remoteAddress ?? 'unknown';
}

/**
 * The client as rate limits count it, in one spelling: an IPv4 address as itself (an IPv4-mapped IPv6
 * address too), an IPv6 address by its /64 — one subscriber's network, which hands out addresses freely —
 * written canonically, so that neither a new address in the same /64 nor another spelling of one address
 * gets a fresh quota.
 */
export function clientKey(c: RequestContext, trustProxy: boolean): string {
  return networkKey(clientIp(c, trustProxy));
}

export function networkKey(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return address.toLowerCase();
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${network.map((part) => part.toString(16)).join(':')}::/64`;
}
