// State every API process must agree on, so it lives in the database rather than in memory.
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { time } from './columns.ts';

/** Fixed-window counters shared by every API process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: time('reset_at').notNull(),
});

/** Server-generated secrets shared by every API process (the code pepper when OTP_SECRET is not set). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
