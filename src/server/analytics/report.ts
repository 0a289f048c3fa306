// The admin report over the last N UTC days, from the daily counts only (brought up to date first, see
// fresh-days.ts), and the enquiries of the period for the conversion rate.
import { and, count, gte, lt, type SQL, sql } from 'drizzle-orm';
import { ANALYTICS } from '../../lib/constants.ts';
import type { AnalyticsReport } from '../../lib/schemas/analytics.ts';
import type { Db } from '../db/client.ts';
import { enquiries, type AnalyticsDimension } from '../db/schema.ts';
import { freshDays } from './fresh-days.ts';
import { addDays, rowsOf } from './rollup.ts';
import { utcDay } from './salt.ts';

type Counted = { key: string; visits: number; visitors: number };

const TOP_LISTS: Record<Exclude<AnalyticsDimension, 'total'>, keyof AnalyticsReport['top']> = {
  page: 'pages',
  referrer: 'referrers',
  utm_source: 'sources',
  utm_medium: 'mediums',
  utm_campaign: 'campaigns',
  device: 'devices',
};

/** Visits and visitors per day from `from` to `to` (YYYY-MM-DD, both included), every day present. */
export async function dailyVisits(db: Db, now: Date, from: string, to: string): Promise<AnalyticsReport['daily']> {
  await freshDays(db, now);
  const rows = rowsOf<{ day: string; visits: number; visitors: number }>(
    await db.execute(sql`
      SELECT day::text AS day, visits, visitors FROM analytics_daily
      WHERE day >= ${from}::date AND day <= ${to}::date AND dimension = 'total'`),
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: AnalyticsReport['daily'] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.push({ day, visits: byDay.get(day)?.visits ?? 0, visitors: byDay.get(day)?.visitors ?? 0 });
  }
  return days;
}

/** The top keys of each dimension over the period. '' is a day's "other": in the totals, not listed. */
export function topKeysQuery(from: string, to: string): SQL {
  return sql`
    SELECT dimension, key, visits, visitors FROM (
      SELECT dimension, key, sum(visits)::int AS visits, sum(visitors)::int AS visitors,
        row_number() OVER (PARTITION BY dimension ORDER BY sum(visits) DESC, key) AS rank
      FROM analytics_daily
      WHERE day >= ${from}::date AND day <= ${to}::date AND dimension <> 'total' AND key <> ''
      GROUP BY dimension, key
    ) ranked
    WHERE rank <= ${ANALYTICS.top} ORDER BY dimension, rank`;
}

export async function buildReport(db: Db, now: Date, days: number): Promise<AnalyticsReport> {
  const to = utcDay(now);
  const from = addDays(to, -(days - 1));
  const perDay = await dailyVisits(db, now, from, to);
  const [topRows, [enquiryCount]] = await Promise.all([
    db.execute(topKeysQuery(from, to)),
    db
      .select({ n: count() })
      .from(enquiries)
      .where(
        and(
          gte(enquiries.createdAt, new Date(`${from}T00:00:00Z`)),
          lt(enquiries.createdAt, new Date(`${addDays(to, 1)}T00:00:00Z`)),
        ),
      ),
  ]);

  const top: AnalyticsReport['top'] = {
    pages: [],
    referrers: [],
    sources: [],
    mediums: [],
    campaigns: [],
    devices: [],
  };
  for (const row of rowsOf<Counted & { dimension: Exclude<AnalyticsDimension, 'total'> }>(topRows)) {
    top[TOP_LISTS[row.dimension]].push({ key: row.key, visits: row.visits, visitors: row.visitors });
  }
  const visits = perDay.reduce((n, d) => n + d.visits, 0);
  const visitors = perDay.reduce((n, d) => n + d.visitors, 0);
  const enquiriesInPeriod = enquiryCount?.n ?? 0;
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
