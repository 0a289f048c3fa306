// The dashboard's figures: enquiries, signups and consent-gated page visits per UTC day (every day of
// the range, zeros included) and the cards' totals, all from the per-day counts that triggers keep on
// every write (stats_daily, analytics_daily): no request counts the big tables. "This week" is the last
// 7 days, not the calendar week, so that a Monday morning does not read as an empty week: whole days
// from the counts, plus the rows of the partial first day counted through the created_at index.
import { and, count, gte, lt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { StatsTotals } from '../../lib/schemas/admin.ts';
import { dailyVisits } from '../analytics/report.ts';
import { addDays, utcDay } from '../db/days.ts';
import type { Db } from '../db/client.ts';
import { enquiries, type StatsMetric, users } from '../db/schema.ts';
import { allTime, perDay, sumOfDays } from './daily-counts.ts';

const DAY_MS = 86_400_000;

/** The rows created from `since` to the end of its UTC day (at most one day: read through the created_at index). */
export function restOfDayQuery(db: Db, table: PgTable, createdAt: PgColumn, since: Date) {
  const end = new Date(`${addDays(utcDay(since), 1)}T00:00:00Z`);
  return db
    .select({ n: count() })
    .from(table)
    .where(and(gte(createdAt, since), lt(createdAt, end)));
}

/** Rows created since `since`: the whole days after its day from the counts, plus the rest of its own day. */
async function createdSince(db: Db, metric: StatsMetric, table: PgTable, createdAt: PgColumn, since: Date, now: Date) {
  const [wholeDays, [partial]] = await Promise.all([
    sumOfDays(db, metric, addDays(utcDay(since), 1), utcDay(now)),
    restOfDayQuery(db, table, createdAt, since),
  ]);
  return wholeDays + (partial?.n ?? 0);
}

export async function dashboardStats(db: Db, now: Date, days: number) {
  const today = utcDay(now);
  const from = addDays(today, -(days - 1));
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const [enquiryDays, signupDays, visitDays, sums, enquiriesThisWeek, newUsersThisWeek] = await Promise.all([
    perDay(db, 'enquiries', from, today),
    perDay(db, 'signups', from, today),
    dailyVisits(db, from, today),
    allTime(db),
    createdSince(db, 'enquiries', enquiries, enquiries.createdAt, weekAgo, now),
    createdSince(db, 'signups', users, users.createdAt, weekAgo, now),
  ]);
  const totals: StatsTotals = {
    openEnquiries: sums.open_enquiries,
    enquiriesThisWeek,
    newUsersThisWeek,
    users: sums.signups,
    verifiedUsers: sums.verified_signups,
    verifiedShare: sums.signups === 0 ? 0 : sums.verified_signups / sums.signups,
  };
  const visits = visitDays.map(({ day, visits: n }) => ({ day, count: n }));
  return { enquiries: enquiryDays, signups: signupDays, visits, totals };
}
