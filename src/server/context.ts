// What every router gets: configuration, database, clock, mail and the rate limiter.
import type { HttpBindings } from '@hono/node-server';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { SessionRow, UserRow } from './db/schema.ts';
import type { Mailer } from './mail/mailer.ts';
import type { RateLimiter } from './middleware/rate-limit.ts';

export interface Deps {
  config: Config;
  db: Db;
  now: () => Date;
  mail: Mailer;
  limiter: RateLimiter;
  /** Key for hashing one-time codes. */
  codeKey: Buffer;
}

export interface AppEnv {
  /** Present under @hono/node-server; absent for app.request() in tests and on Netlify. */
  Bindings: Partial<HttpBindings>;
  Variables: { user: UserRow; session: SessionRow };
}
