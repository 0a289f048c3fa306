// The rate limiter: fixed-window counters in the database, so limits hold across several API processes.
// A window starts at a key's first hit. A refused request writes nothing: every window is read first, and
// the hits are counted only when none is full (a flood of refused requests cannot fill the table).
// The rules themselves are in rate-limit-rules.ts; the scheme is in docs/decisions/014-rate-limits.md.
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import type { Rule } from './rate-limit-rules.ts';

const TOO_MANY = 'Too many requests. Please try again later.';

export type Hit = [Rule, string];

const keyOf = ([rule, key]: Hit) => `${rule.name}:${key.toLowerCase()}`;

export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly enabled: boolean,
  ) {}

  /** Refuses (429 with Retry-After) when any window is full; otherwise counts one hit in each. */
  async consume(hits: Hit[], message = TOO_MANY): Promise<void> {
    await this.check(hits, message);
    // Two requests may pass the check at once; the conditional count still never goes past a limit.
    const refused = await this.count(hits);
    if (refused !== undefined) throw tooMany(message, refused);
  }

  /** Refuses when any window is full, counting nothing: for limits that count failures only. */
  async check(hits: Hit[], message = TOO_MANY): Promise<void> {
    if (!this.enabled || hits.length === 0) return;
    const now = this.now();
    const rows = await this.db
      .select()
      .from(rateLimits)
      .where(inArray(rateLimits.key, hits.map(keyOf)));
    const byKey = new Map(rows.map((row) => [row.key, row]));
    for (const hit of hits) {
      const row = byKey.get(keyOf(hit));
      if (row && row.resetAt > now && row.count >= hit[0].limit) {
        throw tooMany(message, Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000)));
      }
    }
  }

  /**
   * Counts one hit in each window that has room (a full one is left as it is). Returns the seconds until
   * the first full window resets, or undefined when every hit was counted.
   */
  async count(hits: Hit[]): Promise<number | undefined> {
    if (!this.enabled) return undefined;
    let refused: number | undefined;
    for (const hit of hits) refused ??= await this.hit(keyOf(hit), hit[0]);
    return refused;
  }

  /** Forgets a window, e.g. the failed sign-ins of an account whose owner has just proved it by code. */
  async clear(hits: Hit[]): Promise<void> {
    if (!this.enabled || hits.length === 0) return;
    await this.db.delete(rateLimits).where(inArray(rateLimits.key, hits.map(keyOf)));
  }

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
}

function tooMany(message: string, retryAfter: number): ApiError {
  return new ApiError(429, message, { 'Retry-After': String(retryAfter) });
}
