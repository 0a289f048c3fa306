import { getTableColumns, sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { DEVICE_CLASSES } from '../../../lib/constants.ts';
import { time } from './columns.ts';

/**
 * The dimensions of the daily counts, each with the column of a raw view that gives its key (`total`: the
 * key ''). Stated once: the count trigger's SQL (the last migration that defines analytics_views_count) is
 * checked against it (tests/unit/analytics-dimensions.test.ts), the report lists each but `total`.
 */
export const DIMENSION_KEYS = {
  total: null,
  page: 'path',
  referrer: 'referrer_host',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  device: 'device',
} as const satisfies Record<string, string | null>;
export type AnalyticsDimension = keyof typeof DIMENSION_KEYS;
export const ANALYTICS_DIMENSIONS = Object.keys(DIMENSION_KEYS) as [AnalyticsDimension, ...AnalyticsDimension[]];

/**
 * Page views sent by consenting visitors (src/server/analytics/): no address, no identifier that lasts
 * beyond the day. `visitor` is a hash under that day's salt. Counted into analyticsDaily by a trigger as
 * they are written (migration 0010), then deleted after ANALYTICS.rawDays.
 */
export const analyticsViews = pgTable('analytics_views', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: time('at').notNull(),
  /** The UTC day of `at`, as the salt and the roll-up see it. */
  day: date('day', { mode: 'string' }).notNull(),
  path: text('path').notNull(),
  referrerHost: text('referrer_host'),
  utmSource: text('utm_source'),
  utmMedium: text('utm_medium'),
  utmCampaign: text('utm_campaign'),
  utmTerm: text('utm_term'),
  utmContent: text('utm_content'),
  device: text('device', { enum: DEVICE_CLASSES }).notNull(),
  visitor: text('visitor').notNull(),
});

/** A raw view's columns as the database names them, in the table's order, its generated id aside. */
export const ANALYTICS_VIEW_COLUMNS = Object.entries(getTableColumns(analyticsViews))
  .filter(([, column]) => !column.generatedIdentity)
  .map(([key, column]) => ({
    key: key as keyof typeof analyticsViews.$inferInsert,
    name: column.name,
    type: column.getSQLType(),
  }));

/** The column list of an INSERT INTO analytics_views, or of the SELECT that feeds it. */
export const viewColumnList = () => sql.raw(ANALYTICS_VIEW_COLUMNS.map((c) => c.name).join(', '));

/**
 * Each visitor once per day, dimension and key: the count trigger adds a visitor to analyticsDaily only
 * for the rows its insert added here, and the primary key makes that exact when one visitor's views are
 * written by several servers at once (the later insert waits for the earlier one's commit, then skips).
 * Deleted with the raw views.
 */
export const analyticsVisitors = pgTable(
  'analytics_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension', { enum: ANALYTICS_DIMENSIONS }).notNull(),
    key: text('key').notNull(),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.key, t.visitor] })],
);

/**
 * The batches of views written, by the id the collector gave each: a batch retried after an answer that
 * never came (its commit may have happened) is skipped, so each acknowledged view is written once.
 */
export const analyticsBatches = pgTable('analytics_batches', {
  id: uuid('id').primaryKey(),
  writtenAt: time('written_at').notNull(),
});

/**
 * Daily counts per dimension (DIMENSION_KEYS), kept after the raw views are gone. Visitors are distinct within the day only.
 * Written by a trigger on every insert of views; a finished day is cut to its top keys plus '' ("other")
 * by the housekeeping (analytics/rollup.ts), so a report's GROUP BY reads at most a few hundred rows a day.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension', { enum: ANALYTICS_DIMENSIONS }).notNull(),
    key: text('key').notNull(),
    visits: integer('visits').notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.dimension, t.key] }),
    // A day's keys of one dimension, most visited first: the cut reads only the keys it folds.
    index('analytics_daily_rank_idx').on(t.day, t.dimension, t.visits.desc(), t.key),
    // The report's visits per day: one 'total' row a day, found without reading the days' other keys.
    index('analytics_daily_totals_idx').on(t.day).where(sql`${t.dimension} = 'total'`),
  ],
);

/** The secret salt of the current UTC day; a past day's row is deleted, so its hashes cannot be linked. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

export type AnalyticsViewRow = typeof analyticsViews.$inferInsert;
