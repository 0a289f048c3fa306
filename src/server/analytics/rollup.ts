// Raw views become daily counts per dimension (analytics_daily), then go: the hourly housekeeping
// (src/server/core/housekeeping.ts) rolls up every day since the last finished one (today included), deletes
// raw views older than ANALYTICS.rawDays, daily counts older than ANALYTICS.dailyDays and salts of past
// days. Reports read analytics_daily only; they roll today up again when it is stale (fresh-days.ts).
//
// Bounded whatever is sent: a day keeps the ANALYTICS.keysPerDay most visited keys of each dimension and
// sums the rest under the key '' ("other"). Each (day, dimension) is one statement over that day's views
// (by the day index), so a roll-up is a string of short queries: on PGlite's one connection, every
// other request gets its turn between them.
import { sql } from 'drizzle-orm';
import { ANALYTICS } from '../../lib/constants.ts';
import type { Db } from '../db/client.ts';
import { ANALYTICS_DIMENSIONS, type AnalyticsDimension } from '../db/schema.ts';
import { utcDay } from './salt.ts';

/** YYYY-MM-DD plus n days (n may be negative). */
export function addDays(day: string, n: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));
}

const COLUMN: Record<AnalyticsDimension, string> = {
  total: "''",
  page: 'path',
  referrer: 'referrer_host',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  device: 'device',
};

/**
 * Replaces one day's counts of one dimension with those of its raw views: the top keys, the rest as ''.
 * Views without a referrer or a UTM field count in `total` only. Visitors are distinct within the day
 * and key ('' sums the visitors of the keys it holds).
 */
function rollUpDimension(db: Db, day: string, dimension: AnalyticsDimension) {
  const key = sql.raw(COLUMN[dimension]);
  return db.execute(sql`
    WITH counted AS (
      SELECT ${key} AS key, count(*)::int AS visits, count(DISTINCT visitor)::int AS visitors
      FROM analytics_views WHERE day = ${day}::date AND ${key} IS NOT NULL GROUP BY 1),
    ranked AS (SELECT *, row_number() OVER (ORDER BY visits DESC, key) AS rank FROM counted),
    kept AS (
      SELECT key, visits, visitors FROM ranked WHERE rank <= ${ANALYTICS.keysPerDay}
      UNION ALL
      SELECT '', sum(visits)::int, sum(visitors)::int FROM ranked WHERE rank > ${ANALYTICS.keysPerDay} HAVING count(*) > 0),
    written AS (
      INSERT INTO analytics_daily (day, dimension, key, visits, visitors)
      SELECT ${day}::date, ${dimension}, key, visits, visitors FROM kept
      ON CONFLICT (day, dimension, key) DO UPDATE SET visits = excluded.visits, visitors = excluded.visitors)
    DELETE FROM analytics_daily
    WHERE day = ${day}::date AND dimension = ${dimension} AND key NOT IN (SELECT key FROM kept)`);
}

/**
 * Rolls up each day from `from` to `to` (both included, YYYY-MM-DD) that has raw views: a day without
 * them keeps its counts (its views may be purged already, and the counts are all that is left of it).
 */
export async function rollUpDays(db: Db, from: string, to: string): Promise<void> {
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const views = await db.execute(sql`SELECT 1 FROM analytics_views WHERE day = ${day}::date LIMIT 1`);
    if (rowsOf(views).length === 0) continue;
    for (const dimension of ANALYTICS_DIMENSIONS) await rollUpDimension(db, day, dimension);
  }
}

/** The last day before today with counts, if any: every earlier day with raw views has its counts. */
export async function lastRolledDay(db: Db, today: string): Promise<string | undefined> {
  const result = await db.execute(
    sql`SELECT max(day)::text AS day FROM analytics_daily WHERE day < ${today}::date AND dimension = 'total'`,
  );
  return rowsOf<{ day: string | null }>(result)[0]?.day ?? undefined;
}

/**
 * Rolls up from the last finished day (again: views written just after midnight may have joined it) to
 * today, then deletes raw views past ANALYTICS.rawDays, counts past ANALYTICS.dailyDays and every salt
 * of a past day. Idempotent; returns the rows deleted. One of the housekeeping purges.
 */
export async function rollUpAndPurge(db: Db, now: Date): Promise<number> {
  const today = utcDay(now);
  const first = await db.execute(sql`SELECT min(day)::text AS day FROM analytics_views`);
  const from = (await lastRolledDay(db, today)) ?? rowsOf<{ day: string | null }>(first)[0]?.day ?? today;
  await rollUpDays(db, from, today);
  const removed = await db.execute(sql`
    WITH views AS (DELETE FROM analytics_views WHERE day < ${addDays(today, -ANALYTICS.rawDays)}::date RETURNING 1),
      counts AS (DELETE FROM analytics_daily WHERE day < ${addDays(today, -ANALYTICS.dailyDays)}::date RETURNING 1),
      salts AS (DELETE FROM analytics_salts WHERE day < ${today}::date RETURNING 1)
    SELECT (SELECT count(*) FROM views)::int + (SELECT count(*) FROM counts)::int + (SELECT count(*) FROM salts)::int AS n`);
  return rowsOf<{ n: number }>(removed)[0]?.n ?? 0;
}

/** node-postgres answers { rows }, PGlite answers { rows } too, but typed apart: one reader for both. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
