// Raw views become daily counts per dimension (analytics_daily) as they are written: a trigger on
// analytics_views adds each batch to its day's rows (migration 0010), so reports never read raw views
// and today's figures are always current. The hourly housekeeping (src/server/housekeeping.ts) then
// cuts each finished day to its top keys, and deletes raw views (with their visitor rows and batch ids)
// older than ANALYTICS.rawDays, daily counts older than ANALYTICS.dailyDays and salts of past days.
//
// Bounded whatever is sent: a finished day keeps the ANALYTICS.keysPerDay most visited keys of each
// dimension and sums the rest under the key '' ("other"). The cut reads the keys it drops through the
// rank index, a few thousand per statement, so on PGlite's one connection every other request gets its
// turn between them, however many keys a flood made.
import { sql } from 'drizzle-orm';
import { ANALYTICS } from '../../lib/constants.ts';
import type { Db } from '../db/client.ts';
import { ANALYTICS_DIMENSIONS, type AnalyticsDimension } from '../db/schema.ts';
import { addDays, utcDay } from '../db/days.ts';
import { rowsOf } from '../db/rows.ts';

/** Keys folded into "other" per statement of the cut. */
const CUT_CHUNK = 1000;

/**
 * Folds the keys of one day and dimension past the top ANALYTICS.keysPerDay into '' (visits and
 * visitors summed: a visitor of two dropped keys counts twice in ''), a chunk at a time. Returns the
 * keys folded.
 */
async function cutDimension(db: Db, day: string, dimension: AnalyticsDimension): Promise<number> {
  let folded = 0;
  for (;;) {
    const result = await db.execute(sql`
      WITH dropped AS (
        DELETE FROM analytics_daily WHERE day = ${day}::date AND dimension = ${dimension} AND key IN (
          SELECT key FROM analytics_daily WHERE day = ${day}::date AND dimension = ${dimension} AND key <> ''
          ORDER BY visits DESC NULLS LAST, key OFFSET ${ANALYTICS.keysPerDay} LIMIT ${CUT_CHUNK})
        RETURNING visits, visitors),
      other AS (
        INSERT INTO analytics_daily AS d (day, dimension, key, visits, visitors)
        SELECT ${day}::date, ${dimension}, '', sum(visits)::int, sum(visitors)::int FROM dropped HAVING count(*) > 0
        ON CONFLICT (day, dimension, key) DO UPDATE
          SET visits = d.visits + excluded.visits, visitors = d.visitors + excluded.visitors)
      SELECT count(*)::int AS n FROM dropped`);
    const n = rowsOf<{ n: number }>(result)[0]?.n ?? 0;
    folded += n;
    if (n < CUT_CHUNK) return folded;
  }
}

/** Cuts each day from `from` to `to` (both included); a day already cut costs one short look. */
export async function cutDays(db: Db, from: string, to: string): Promise<number> {
  let folded = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const over = rowsOf<{ dimension: AnalyticsDimension }>(
      await db.execute(sql`
        SELECT dimension FROM analytics_daily WHERE day = ${day}::date
        GROUP BY dimension HAVING count(*) FILTER (WHERE key <> '') > ${ANALYTICS.keysPerDay}`),
    );
    for (const { dimension } of over)
      if (ANALYTICS_DIMENSIONS.includes(dimension)) folded += await cutDimension(db, day, dimension);
  }
  return folded;
}

/**
 * Cuts finished days to their top keys, then deletes raw views, visitor rows and batch ids past
 * ANALYTICS.rawDays, counts past ANALYTICS.dailyDays and every salt of a past day. Idempotent; returns
 * the views, counts and salts deleted or folded. One of the housekeeping purges.
 */
export async function cutAndPurge(db: Db, now: Date): Promise<number> {
  const today = utcDay(now);
  // The finished days that may still get views (their raw views are kept, so late batches may come).
  const folded = await cutDays(db, addDays(today, -ANALYTICS.rawDays - 1), addDays(today, -1));
  const removed = await db.execute(sql`
    WITH views AS (DELETE FROM analytics_views WHERE day < ${addDays(today, -ANALYTICS.rawDays)}::date RETURNING 1),
      visitors AS (DELETE FROM analytics_visitors WHERE day < ${addDays(today, -ANALYTICS.rawDays)}::date),
      batches AS (DELETE FROM analytics_batches WHERE written_at < ${addDays(today, -ANALYTICS.rawDays)}::date),
      counts AS (DELETE FROM analytics_daily WHERE day < ${addDays(today, -ANALYTICS.dailyDays)}::date RETURNING 1),
      salts AS (DELETE FROM analytics_salts WHERE day < ${today}::date RETURNING 1)
    SELECT (SELECT count(*) FROM views)::int + (SELECT count(*) FROM counts)::int + (SELECT count(*) FROM salts)::int AS n`);
  return folded + (rowsOf<{ n: number }>(removed)[0]?.n ?? 0);
}
