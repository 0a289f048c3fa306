import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { time } from './columns.ts';

/** Durable mail queue: rows are delivered by the outbox worker with retries. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    to: text('to').notNull(),
    /** Where the recipient's answer goes (the company's address for a reply to an enquiry). */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: time('next_attempt_at').notNull(),
    sentAt: time('sent_at'),
    failedAt: time('failed_at'),
    lastError: text('last_error'),
    createdAt: time('created_at').notNull(),
    /** 0 for notices about the reader's own account (sent first), 1 for the rest (mail/outbox.ts). */
    priority: smallint('priority').notNull().default(1),
    /**
     * The account a notice is about (no foreign key: the row outlives it). Deleting the account removes its
     * waiting notices and erases the address and text of those already sent (account/forget.ts).
     */
    accountId: uuid('account_id'),
    /**
     * A calendar invite sent with the mail (RFC 5545 text, e.g. a booked call) and its METHOD (REQUEST,
     * CANCEL): the mail carries it as its text/calendar part.
     */
    calendar: text('calendar'),
    calendarMethod: text('calendar_method'),
  },
  (t) => [
    index('outbox_due_idx').on(t.priority, t.nextAttemptAt).where(sql`sent_at IS NULL AND failed_at IS NULL`),
    index('outbox_account_idx').on(t.accountId).where(sql`account_id IS NOT NULL`),
  ],
);
