// The dashboard's figures: enquiries, signups and consent-gated page visits per UTC day (every day of
// the range, zeros included) and the cards' totals. "This week" is the last 7 days, not the calendar
// week, so that a Monday morning does not read as an empty week.
import { count, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DayCount, StatsTotals } from '../../lib/schemas/admin.ts';
import { dailyVisits } from '../analytics/report.ts';
import type { Db } from '../db/client.ts';
import { enquiries, users } from '../db/schema.ts';

const DAY_MS = 86_400_000;

/** The first UTC midnight of a range of `days` days that ends today. */
export function rangeStart(now: Date, days: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

async function perDay(db: Db, table: PgTable, createdAt: PgColumn, start: Date, days: number): Promise<DayCount[]> {
  const day = sql<string>`to_char(${createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db.select({ day, n: count() }).from(table).where(gte(createdAt, start)).groupBy(day);
  const counts = new Map(rows.map((r) => [r.day, r.n]));
  return Array.from({ length: days }, (_, i) => {
    const d = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { day: d, count: counts.get(d) ?? 0 };
  });
}

async function countWhere(db: Db, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

export async function dashboardStats(db: Db, now: Date, days: number) {
  const start = rangeStart(now, days);
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const [enquiryDays, signupDays, visitDays, open, enquiriesThisWeek, newUsersThisWeek, userCount, verified] =
    await Promise.all([
      perDay(db, enquiries, enquiries.createdAt, start, days),
      perDay(db, users, users.createdAt, start, days),
      dailyVisits(db, now, start.toISOString().slice(0, 10), now.toISOString().slice(0, 10)),
      countWhere(db, enquiries, inArray(enquiries.status, ['new', 'in-progress'])),
      countWhere(db, enquiries, gte(enquiries.createdAt, weekAgo)),
      countWhere(db, users, gte(users.createdAt, weekAgo)),
      countWhere(db, users),
      countWhere(db, users, eq(users.isAccountVerified, true)),
    ]);
  const totals: StatsTotals = {
    openEnquiries: open,
    enquiriesThisWeek,
    newUsersThisWeek,
    users: userCount,
    verifiedUsers: verified,
    verifiedShare: userCount === 0 ? 0 : verified / userCount,
  };
  const visits = visitDays.map(({ day, visits: n }) => ({ day, count: n }));
  return { enquiries: enquiryDays, signups: signupDays, visits, totals };
}
