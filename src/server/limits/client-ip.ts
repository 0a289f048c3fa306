// The client address that rate limits key on. Behind a proxy (TRUST_PROXY=true) it is the last
// X-Forwarded-For entry, the one the proxy itself appended; otherwise the socket's remote address.
// In-process tests pass it as the socket: app.request(url, init, { incoming: { socket: { remoteAddress } } }).
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

/** Any route's context: public, signed-in or admin. */
type RequestContext = Pick<Context<AppEnv>, 'req' | 'env'>;

export function clientIp(c: RequestContext, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
