import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** What the admin stats count per UTC day of created_at; the cards' totals are sums over every day. */
export const STATS_METRICS = ['enquiries', 'open_enquiries', 'signups', 'verified_signups'] as const;
export type StatsMetric = (typeof STATS_METRICS)[number];

/**
 * Enquiries and users per UTC day they were created: all of them, the enquiries still open ('new' or
 * 'in-progress') and the users with a verified address. Kept by triggers on enquiries and users
 * (migration 0007), so deletes (the trash), restores and status changes follow.
 */
export const statsDaily = pgTable(
  'stats_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric', { enum: STATS_METRICS }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric] })],
);
