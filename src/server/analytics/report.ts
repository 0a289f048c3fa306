// The admin report over the last N UTC days, from counts kept on write: visits per day from
// analytics_daily, the top lists from the period's sums (periods.ts; each list is the first rows of an
// index, however many keys there are) and the enquiries of the period from stats_daily.
import { sql } from 'drizzle-orm';
import { ANALYTICS } from '../../lib/constants.ts';
import type { AnalyticsReport } from '../../lib/schemas/analytics.ts';
import type { Db } from '../db/client.ts';
import type { AnalyticsDimension } from '../db/schema.ts';
import { sumOfDaysQuery } from '../stats/daily-counts.ts';
import { currentPeriods, periodStart } from './periods.ts';
import { addDays, rowsOf } from './rollup.ts';
import { utcDay } from './salt.ts';

type Counted = { key: string; visits: number; visitors: number };
type Listed = Exclude<AnalyticsDimension, 'total'>;

const TOP_LISTS: Record<Listed, keyof AnalyticsReport['top']> = {
  page: 'pages',
  referrer: 'referrers',
  utm_source: 'sources',
  utm_medium: 'mediums',
  utm_campaign: 'campaigns',
  device: 'devices',
};

export const dailyVisitsQuery = (from: string, to: string) => sql`
  SELECT day::text AS day, visits, visitors FROM analytics_daily
  WHERE day >= ${from}::date AND day <= ${to}::date AND dimension = 'total'`;

type DayRow = { day: string; visits: number; visitors: number };

/** Every day from `from` to `to` (YYYY-MM-DD, both included), zeros where no row has it. */
function everyDay(rows: DayRow[], from: string, to: string): AnalyticsReport['daily'] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: AnalyticsReport['daily'] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.push({ day, visits: byDay.get(day)?.visits ?? 0, visitors: byDay.get(day)?.visitors ?? 0 });
  }
  return days;
}

/** Visits and visitors per day from `from` to `to` (YYYY-MM-DD, both included), every day present. */
export async function dailyVisits(db: Db, from: string, to: string): Promise<AnalyticsReport['daily']> {
  return everyDay(rowsOf<DayRow>(await db.execute(dailyVisitsQuery(from, to))), from, to);
}

/**
 * The top keys of each dimension over the period of `days` days. '' ("other") counts, but is not listed.
 * NULLS LAST is the rank index's order (the columns are never null): without it the planner sorts.
 */
export function topKeysQuery(days: number) {
  const dimensions = sql.raw(`ARRAY[${Object.keys(TOP_LISTS).map((d) => `'${d}'`)}]`);
  return sql`
    SELECT d.dimension, t.key, t.visits, t.visitors FROM unnest(${dimensions}) WITH ORDINALITY AS d(dimension, n)
    CROSS JOIN LATERAL (
      SELECT key, visits, visitors FROM analytics_period_counts
      WHERE days = ${days} AND dimension = d.dimension AND key <> ''
      ORDER BY visits DESC NULLS LAST, key LIMIT ${ANALYTICS.top}) AS t
    ORDER BY d.n, t.visits DESC, t.key`;
}

export async function buildReport(db: Db, now: Date, days: number): Promise<AnalyticsReport> {
  const to = utcDay(now);
  const from = periodStart(to, days);
  await currentPeriods(db, now);
  // One statement: on PGlite's one connection, four admins pulling reports keep at most four queued
  // ahead of any other request (three each, run side by side, held health checks up to a dozen).
  const [row] = rowsOf<{ daily: DayRow[]; top: (Counted & { dimension: Listed })[]; enquiries: number }>(
    await db.execute(sql`
      SELECT (SELECT coalesce(json_agg(d), '[]'::json) FROM (${dailyVisitsQuery(from, to)}) d) AS daily,
        (SELECT coalesce(json_agg(t), '[]'::json) FROM (${topKeysQuery(days)}) t) AS top,
        (${sumOfDaysQuery('enquiries', from, to)}) AS enquiries`),
  );
  const perDay = everyDay(row?.daily ?? [], from, to);
  const enquiriesInPeriod = row?.enquiries ?? 0;
  const top: AnalyticsReport['top'] = {
    pages: [],
    referrers: [],
    sources: [],
    mediums: [],
    campaigns: [],
    devices: [],
  };
  for (const t of row?.top ?? [])
    top[TOP_LISTS[t.dimension]].push({ key: t.key, visits: t.visits, visitors: t.visitors });
  const visits = perDay.reduce((n, d) => n + d.visits, 0);
  const visitors = perDay.reduce((n, d) => n + d.visitors, 0);
  return {
    success: true,
    from,
    to,
    daily: perDay,
    totals: {
      visits,
      visitors,
      enquiries: enquiriesInPeriod,
      conversionRate: visitors > 0 ? Math.round((enquiriesInPeriod / visitors) * 10_000) / 10_000 : 0,
    },
    top,
  };
}
