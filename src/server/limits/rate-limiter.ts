// The rate limiter: fixed-window counters in the database, so limits hold across several API processes.
// A window starts at a key's first hit; a request over the limit is refused and not counted.
// The rules themselves are in rate-limit-rules.ts.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import type { Rule } from './rate-limit-rules.ts';

const DAY_MS = 86_400_000;

const TOO_MANY = 'Too many requests. Please try again later.';

export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly enabled: boolean,
  ) {}

  /**
   * Counts one hit against each [rule, key] in order and throws 429 with Retry-After at the first one
   * that is full. Order the list from the narrowest to the broadest window.
   */
  async consume(hits: Array<[Rule, string]>, message = TOO_MANY): Promise<void> {
    if (!this.enabled) return;
    for (const [rule, key] of hits) {
      const retryAfter = await this.hit(`${rule.name}:${key.toLowerCase()}`, rule);
      if (retryAfter !== undefined) throw new ApiError(429, message, { 'Retry-After': String(retryAfter) });
    }
  }

  /** Returns undefined when the hit was counted, else the seconds until the window resets. */
  private async hit(key: string, rule: Rule): Promise<number | undefined> {
    const now = this.now();
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const reset = new Date(now.getTime() + rule.windowMs);
    const expired = sql`${rateLimits.resetAt} <= ${nowSql}`;
    const counted = await this.db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt: reset })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          resetAt: sql`CASE WHEN ${expired} THEN ${reset.toISOString()}::timestamptz ELSE ${rateLimits.resetAt} END`,
        },
        setWhere: sql`${expired} OR ${rateLimits.count} < ${rule.limit}`,
      })
      .returning({ count: rateLimits.count });
    if (counted.length > 0) return undefined;
    const [row] = await this.db
      .select({ resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${key}`);
    const ms = (row?.resetAt.getTime() ?? reset.getTime()) - now.getTime();
    return Math.max(1, Math.ceil(ms / 1000));
  }

  /** Drops windows that ended a day ago or more; run now and then by the background worker. */
  async sweep(): Promise<void> {
    const cutoff = new Date(this.now().getTime() - DAY_MS).toISOString();
    await this.db.delete(rateLimits).where(sql`${rateLimits.resetAt} < ${cutoff}::timestamptz`);
  }
}
