// The report periods' sums (analytics_period_counts): a trigger on analytics_daily adds every change of
// a day the period holds; what is left here is moving each period forward as days pass. A period one or
// more days behind drops the days it no longer holds (a day's counts are at most a few hundred rows once
// cut, see rollup.ts); one that is missing, far behind or ahead (a clock set back) is summed again from
// the daily counts. One mover at a time, across processes (an advisory lock in the transaction).
import { sql } from 'drizzle-orm';
import { ADMIN_REPORT_DAYS } from '../../lib/constants.ts';
import type { Db } from '../db/client.ts';
import { addDays, rowsOf } from './rollup.ts';
import { utcDay } from './salt.ts';

const PERIODS_LOCK_ID = 72_410_994;

/** The first day a period of `days` days ending on `today` holds. */
export const periodStart = (today: string, days: number) => addDays(today, -(days - 1));

async function movePeriod(db: Db, days: number, today: string): Promise<void> {
  const first = periodStart(today, days);
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SELECT pg_advisory_xact_lock(${PERIODS_LOCK_ID})`));
    const [row] = rowsOf<{ first: string }>(
      await tx.execute(sql`SELECT first_day::text AS first FROM analytics_periods WHERE days = ${days}`),
    );
    if (row?.first === first) return;
    if (row && row.first < first && row.first >= addDays(first, -days)) {
      await tx.execute(sql`
        INSERT INTO analytics_period_counts AS p (days, dimension, key, visits, visitors)
        SELECT ${days}, dimension, key, -sum(visits)::int, -sum(visitors)::int FROM analytics_daily
        WHERE day >= ${row.first}::date AND day < ${first}::date AND dimension <> 'total'
        GROUP BY dimension, key ORDER BY dimension, key
        ON CONFLICT (days, dimension, key) DO UPDATE
          SET visits = p.visits + excluded.visits, visitors = p.visitors + excluded.visitors`);
      await tx.execute(sql`DELETE FROM analytics_period_counts WHERE days = ${days} AND visits <= 0`);
      await tx.execute(sql`UPDATE analytics_periods SET first_day = ${first}::date WHERE days = ${days}`);
      return;
    }
    await tx.execute(sql`DELETE FROM analytics_period_counts WHERE days = ${days}`);
    await tx.execute(sql`
      INSERT INTO analytics_periods (days, first_day) VALUES (${days}, ${first}::date)
      ON CONFLICT (days) DO UPDATE SET first_day = excluded.first_day`);
    await tx.execute(sql`
      INSERT INTO analytics_period_counts (days, dimension, key, visits, visitors)
      SELECT ${days}, dimension, key, sum(visits)::int, sum(visitors)::int FROM analytics_daily
      WHERE day >= ${first}::date AND dimension <> 'total'
      GROUP BY dimension, key`);
  });
}

/** The day each database's periods were last brought to, in this process: one check a day. */
const movedTo = new WeakMap<Db, string>();

/** Brings every report period to the one ending today (a no-op after the first call of the day). */
export async function currentPeriods(db: Db, now: Date): Promise<void> {
  const today = utcDay(now);
  if (movedTo.get(db) === today) return;
  for (const days of ADMIN_REPORT_DAYS) await movePeriod(db, days, today);
  movedTo.set(db, today);
}
