// Book a Call: the visitors' calls and the admins' blocked ranges. Every time is an instant (timestamptz).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '../../../lib/constants.ts';
import { locale, localeCheck, time } from './columns.ts';
import { users } from './users.ts';

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey(),
    start: time('start').notNull(),
    end: time('end').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull().default(''),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('confirmed'),
    /** The language of the page it was booked from: its mails are written in it. */
    locale: locale('locale'),
    /** The visitor's own time zone, when the page said it: their mails show the time in it too. */
    timeZone: text('time_zone'),
    /** The account it was booked from while signed in; cleared when that account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the manage link's secret; the secret itself is only in the visitor's mail. */
    tokenHash: text('token_hash').notNull(),
    /** The invite's SEQUENCE: a calendar replaces an event by one with a higher number (a move, a cancel). */
    sequence: integer('sequence').notNull().default(0),
    /** When the reminder is due; set to null in the statement that claims it, so it goes once. */
    remindAt: time('remind_at'),
    createdAt: time('created_at').notNull(),
    cancelledAt: time('cancelled_at'),
  },
  (t) => [
    localeCheck('bookings', t.locale),
    check('bookings_end_after_start', sql`${t.end} > ${t.start}`),
    // Never two confirmed calls on one slot, however many servers take bookings at once: the database
    // refuses the second insert (or move) into a taken start.
    uniqueIndex('bookings_slot_idx').on(t.start).where(sql`status = 'confirmed'`),
    uniqueIndex('bookings_token_idx').on(t.tokenHash),
    index('bookings_start_idx').on(t.start, t.id),
    index('bookings_remind_idx').on(t.remindAt).where(sql`remind_at IS NOT NULL`),
    index('bookings_user_idx').on(t.userId),
  ],
);

/** Ranges the agency is away (holidays, leave): no slot inside one is offered. */
export const bookingBlocks = pgTable(
  'booking_blocks',
  {
    id: uuid('id').primaryKey(),
    start: time('start').notNull(),
    end: time('end').notNull(),
    reason: text('reason').notNull().default(''),
    /** The admin who made it; no foreign key, so the block outlives the account. */
    createdBy: uuid('created_by'),
    createdAt: time('created_at').notNull(),
  },
  (t) => [
    check('booking_blocks_end_after_start', sql`${t.end} > ${t.start}`),
    index('booking_blocks_end_idx').on(t.end),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;
export type BookingBlockRow = typeof bookingBlocks.$inferSelect;
