// The admin report over the last N UTC days, from the daily counts kept on write (analytics_daily): visits
// per day, the top lists summed over the period's days (a GROUP BY over at most 90 days of a few hundred
// rows each: finished days are cut to their top keys, rollup.ts) and the enquiries of the period from
// stats_daily.
import { sql } from 'drizzle-orm';
import { ANALYTICS } from '../../lib/constants.ts';
import type { AnalyticsReport } from '../../lib/schemas/analytics.ts';
import type { Db } from '../db/client.ts';
import type { AnalyticsDimension } from '../db/schema.ts';
import { sumOfDaysQuery } from '../stats/daily-counts.ts';
import { addDays, utcDay } from '../db/days.ts';
import { rowsOf } from '../db/rows.ts';

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

/** The first day a period of `days` days ending on `today` holds. */
export const periodStart = (today: string, days: number) => addDays(today, -(days - 1));

/**
 * The top keys of each dimension from `from` to `to` (both included), summed over the days. '' ("other")
 * counts, but is not listed. A visitor of one key on two days counts on each (visitors are per day).
 */
export function topKeysQuery(from: string, to: string) {
  return sql`
    SELECT dimension, key, visits, visitors FROM (
      SELECT dimension, key, sum(visits)::int AS visits, sum(visitors)::int AS visitors,
        row_number() OVER (PARTITION BY dimension ORDER BY sum(visits) DESC, key) AS rank
      FROM analytics_daily
      WHERE day >= ${from}::date AND day <= ${to}::date AND dimension <> 'total' AND key <> ''
      GROUP BY dimension, key) AS t
    WHERE rank <= ${ANALYTICS.top}
    ORDER BY dimension, visits DESC, key`;
}

export async function buildReport(db: Db, now: Date, days: number): Promise<AnalyticsReport> {
  const to = utcDay(now);
  const from = periodStart(to, days);
  // One statement: on PGlite's one connection, four admins pulling reports keep at most four queued
  // ahead of any other request (three each, run side by side, held health checks up to a dozen).
  const [row] = rowsOf<{ daily: DayRow[]; top: (Counted & { dimension: Listed })[]; enquiries: number }>(
    await db.execute(sql`
      SELECT (SELECT coalesce(json_agg(d), '[]'::json) FROM (${dailyVisitsQuery(from, to)}) d) AS daily,
        (SELECT coalesce(json_agg(t), '[]'::json) FROM (${topKeysQuery(from, to)}) t) AS top,
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
