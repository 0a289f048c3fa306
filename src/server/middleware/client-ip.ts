// The client address that rate limits key on. Behind a proxy (TRUST_PROXY=true) it is the last
// X-Forwarded-For entry, the one the proxy itself appended; otherwise the socket's remote address.
// In-process tests pass it as the socket: app.request(url, init, { incoming: { socket: { remoteAddress } } }).
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
