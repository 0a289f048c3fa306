// Raw views become daily counts per dimension (analytics_daily), then go: the hourly housekeeping
// (src/server/core/housekeeping.ts) rolls up every finished day and deletes raw views older than
// ANALYTICS.rawDays and salts of past days. The admin report reads the same aggregate live for the days
// not rolled up yet (today, mostly).
import { sql, type SQL } from 'drizzle-orm';
import { ANALYTICS } from '../../lib/constants.ts';
import type { Db } from '../db/client.ts';
import { utcDay } from './salt.ts';

/** YYYY-MM-DD plus n days (n may be negative). */
export function addDays(day: string, n: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));
}

/**
 * (day, dimension, key, visits, visitors) of the raw views with from <= day < until: one row per day for
 * `total` (key ''), and one per day and value for each other dimension. Views without a referrer or a
 * UTM field are counted in `total` only. Visitors are distinct within the day.
 */
export function aggregateViews(from: string, until: string): SQL {
  return sql`
    SELECT day, dimension, key, visits, visitors FROM (
      SELECT day,
        CASE
          WHEN GROUPING(path) = 0 THEN 'page'
          WHEN GROUPING(referrer_host) = 0 THEN 'referrer'
          WHEN GROUPING(utm_source) = 0 THEN 'utm_source'
          WHEN GROUPING(utm_medium) = 0 THEN 'utm_medium'
          WHEN GROUPING(utm_campaign) = 0 THEN 'utm_campaign'
          WHEN GROUPING(device) = 0 THEN 'device'
          ELSE 'total'
        END AS dimension,
        CASE
          WHEN GROUPING(path) = 0 THEN path
          WHEN GROUPING(referrer_host) = 0 THEN referrer_host
          WHEN GROUPING(utm_source) = 0 THEN utm_source
          WHEN GROUPING(utm_medium) = 0 THEN utm_medium
          WHEN GROUPING(utm_campaign) = 0 THEN utm_campaign
          WHEN GROUPING(device) = 0 THEN device
          ELSE ''
        END AS key,
        count(*)::int AS visits,
        count(DISTINCT visitor)::int AS visitors
      FROM analytics_views
      WHERE day >= ${from}::date AND day < ${until}::date
      GROUP BY GROUPING SETS ((day), (day, path), (day, referrer_host), (day, utm_source), (day, utm_medium), (day, utm_campaign), (day, device))
    ) AS grouped
    WHERE key IS NOT NULL`;
}

/** The last day rolled up, if any: every finished day with raw views up to it has its counts. */
export async function lastRolledDay(db: Db): Promise<string | undefined> {
  const result = await db.execute(sql`SELECT max(day)::text AS day FROM analytics_daily WHERE dimension = 'total'`);
  return rowsOf<{ day: string | null }>(result)[0]?.day ?? undefined;
}

/**
 * Rolls up the finished days (again from the last rolled day, which views written just after midnight may
 * have joined), then deletes raw views past ANALYTICS.rawDays and every salt of a past day. Idempotent;
 * returns the rows deleted. One of the housekeeping purges (src/server/core/housekeeping.ts).
 */
export async function rollUpAndPurge(db: Db, now: Date): Promise<number> {
  const today = utcDay(now);
  const from = (await lastRolledDay(db)) ?? '0001-01-01';
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO analytics_daily (day, dimension, key, visits, visitors)
      ${aggregateViews(from, today)}
      ON CONFLICT (day, dimension, key) DO UPDATE SET visits = excluded.visits, visitors = excluded.visitors`);
    const removed = await tx.execute(sql`
      WITH views AS (DELETE FROM analytics_views WHERE day < ${addDays(today, -ANALYTICS.rawDays)}::date RETURNING 1),
        salts AS (DELETE FROM analytics_salts WHERE day < ${today}::date RETURNING 1)
      SELECT (SELECT count(*) FROM views)::int + (SELECT count(*) FROM salts)::int AS n`);
    return rowsOf<{ n: number }>(removed)[0]?.n ?? 0;
  });
}

/** node-postgres answers { rows }, PGlite answers { rows } too, but typed apart: one reader for both. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
