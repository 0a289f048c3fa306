// What every router gets: configuration, database, clock, mail and the rate limiter.
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../../config/config.ts';
import type { Db } from '../db/client.ts';
import type { SessionRow, UserRow } from '../db/schema.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';
import type { Mailer } from '../mail/mailer.ts';

export interface Deps {
  config: Config;
  db: Db;
  now: () => Date;
  mail: Mailer;
  limiter: RateLimiter;
  /** Key for hashing one-time codes. */
  codeKey: Buffer;
  /** Key of the AES-256-GCM encryption of two-factor secrets. */
  twoFactorKey: Buffer;
}

export interface AppEnv {
  /** Present under @hono/node-server; absent for app.request() in tests and on Netlify. */
  Bindings: Partial<HttpBindings>;
  /**
   * Routers get `deps` as an argument; the auth guards are declared with each route, before any app
   * exists, so they read it from here (set first thing by app.ts).
   */
  Variables: { deps: Deps };
}

/** A signed-in route's context: its guard has found the session and its user. */
export interface SignedInEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { user: UserRow; session: SessionRow };
}

export function provideDeps(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('deps', deps);
    await next();
  };
}
