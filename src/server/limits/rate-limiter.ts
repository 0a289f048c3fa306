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

  /**
   * Takes a place in each window before the work it limits, all or none: refuses (429) when any is full,
   * giving back the places already taken. The conditional count is one statement per window, so parallel
   * requests, on one server or several, never hold more places than a limit allows. release() gives the
   * places back when the work turned out not to count (a right password under a failure limit).
   */
  async reserve(hits: Hit[], message = TOO_MANY): Promise<void> {
    if (!this.enabled) return;
    const taken: Hit[] = [];
    for (const hit of hits) {
      const refused = await this.hit(keyOf(hit), hit[0]);
      if (refused !== undefined) {
        await this.release(taken);
        throw tooMany(message, refused);
      }
      taken.push(hit);
    }
  }

  /** Gives back one place in each window taken by reserve() (a window that has since reset is left alone). */
  async release(hits: Hit[]): Promise<void> {
    if (!this.enabled || hits.length === 0) return;
    await this.db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(
        sql`${inArray(rateLimits.key, hits.map(keyOf))} AND ${rateLimits.count} > 0
            AND ${rateLimits.resetAt} > ${this.now().toISOString()}::timestamptz`,
      );
  }

  /** Forgets a window, e.g. the failed sign-ins of an account whose owner has just proved it by code. */
  async clear(hits: Hit[]): Promise<void> {
    if (!this.enabled || hits.length === 0) return;
    await this.db.delete(rateLimits).where(inArray(rateLimits.key, hits.map(keyOf)));
  }

  /**
   * Takes one place in a window in one conditional statement; false when it is full (nothing written).
   * For work that is refused silently, such as a page view over its address's minute.
   */
  async take(hit: Hit): Promise<boolean> {
    if (!this.enabled) return true;
    return this.counted(keyOf(hit), hit[0]);
  }

  private async counted(key: string, rule: Rule): Promise<boolean> {
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
    return counted.length > 0;
  }

  /** Counts one hit; undefined when counted, else the seconds until the full window resets. */
  private async hit(key: string, rule: Rule): Promise<number | undefined> {
    if (await this.counted(key, rule)) return undefined;
    const now = this.now();
    const [row] = await this.db
      .select({ resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${key}`);
    const ms = (row?.resetAt.getTime() ?? now.getTime() + rule.windowMs) - now.getTime();
    return Math.max(1, Math.ceil(ms / 1000));
  }
}

function tooMany(message: string, retryAfter: number): ApiError {
  return new ApiError(429, message, { 'Retry-After': String(retryAfter) });
}
