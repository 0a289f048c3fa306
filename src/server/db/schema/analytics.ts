import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { DEVICE_CLASSES } from '../../../lib/constants.ts';
import { time } from './columns.ts';

export const ANALYTICS_DIMENSIONS = [
  'total',
  'page',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'device',
] as const;
export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];

/**
 * Page views sent by consenting visitors (src/server/analytics/): no address, no identifier that lasts
 * beyond the day. `visitor` is a hash under that day's salt. Rolled up into analyticsDaily, then deleted
 * after ANALYTICS.rawDays.
 */
export const analyticsViews = pgTable(
  'analytics_views',
  {
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
  },
  (t) => [index('analytics_views_day_idx').on(t.day)],
);

/**
 * Daily counts per dimension, kept after the raw views are gone: `total` (key ''), `page`, `referrer`,
 * `utm_source`, `utm_medium`, `utm_campaign`, `device`. Visitors are distinct within the day only.
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
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.key] })],
);

/** The secret salt of the current UTC day; a past day's row is deleted, so its hashes cannot be linked. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

export type AnalyticsViewRow = typeof analyticsViews.$inferInsert;
