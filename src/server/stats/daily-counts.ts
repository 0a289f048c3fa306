// The per-day counts of enquiries and users (stats_daily), kept by triggers on every insert, delete and
// status or verification change (migration 0007): what the dashboard and the analytics report read
// instead of counting the big tables.
import { sql } from 'drizzle-orm';
import type { DayCount } from '../../lib/schemas/admin.ts';
import { addDays } from '../db/days.ts';
import { rowsOf } from '../db/rows.ts';
import type { Db } from '../db/client.ts';
import type { StatsMetric } from '../db/schema.ts';

/** A metric's count of each day from `from` to `to` (YYYY-MM-DD, both included), zeros too. */
export async function perDay(db: Db, metric: StatsMetric, from: string, to: string): Promise<DayCount[]> {
  const rows = rowsOf<{ day: string; n: number }>(
    await db.execute(sql`
      SELECT day::text AS day, n FROM stats_daily
      WHERE metric = ${metric} AND day >= ${from}::date AND day <= ${to}::date`),
  );
  const counts = new Map(rows.map((r) => [r.day, r.n]));
  const days: DayCount[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push({ day, count: counts.get(day) ?? 0 });
  return days;
}

export const sumOfDaysQuery = (metric: StatsMetric, from: string, to: string) => sql`
  SELECT coalesce(sum(n), 0)::int AS n FROM stats_daily
  WHERE metric = ${metric} AND day >= ${from}::date AND day <= ${to}::date`;

/** A metric summed over the days from `from` to `to` (both included). */
export async function sumOfDays(db: Db, metric: StatsMetric, from: string, to: string): Promise<number> {
  return rowsOf<{ n: number }>(await db.execute(sumOfDaysQuery(metric, from, to)))[0]?.n ?? 0;
}

/** Every metric summed over all days: the totals of the cards. */
export async function allTime(db: Db): Promise<Record<StatsMetric, number>> {
  const rows = rowsOf<{ metric: StatsMetric; n: number }>(
    await db.execute(sql`SELECT metric, sum(n)::int AS n FROM stats_daily GROUP BY metric`),
  );
  const sums = { enquiries: 0, open_enquiries: 0, signups: 0, verified_signups: 0 };
  for (const r of rows) sums[r.metric] = r.n;
  return sums;
}
