// Enquiries sent through the contact form, with the admins' workflow and their replies.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ENQUIRY_STATUSES } from '../../../lib/constants.ts';
import { locale, localeCheck, time } from './columns.ts';
import { users } from './users.ts';

export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    message: text('message').notNull(),
    /** The account that sent it while signed in; cleared when that account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: time('created_at').notNull(),
    /** The admin workflow: where the enquiry stands, and a note only admins see. */
    status: text('status', { enum: ENQUIRY_STATUSES }).notNull().default('new'),
    note: text('note').notNull().default(''),
    /**
     * The language of the page it was sent from (Accept-Language): a reply to someone without an account
     * is written in it. A reply to an account's enquiry follows the account's language instead.
     */
    locale: locale('locale'),
  },
  (t) => [
    localeCheck('enquiries', t.locale),
    // The admin list, newest first, paged by (created_at, id), with or without a status filter.
    index('enquiries_created_idx').on(t.createdAt, t.id),
    index('enquiries_status_idx').on(t.status, t.createdAt, t.id),
    // The search box: a case-insensitive substring of name or e-mail (ILIKE through trigrams).
    index('enquiries_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('enquiries_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('enquiries_user_idx').on(t.userId),
  ],
);

/** The replies admins e-mailed to an enquirer, oldest first: the enquiry's thread. */
export const enquiryReplies = pgTable(
  'enquiry_replies',
  {
    id: uuid('id').primaryKey(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    /** The admin who wrote it; no foreign key, so that the thread outlives the admin's account. */
    authorId: uuid('author_id'),
    authorName: text('author_name').notNull(),
    message: text('message').notNull(),
    /** The outbox row that carries the mail, for its delivery state while that row is kept. */
    outboxId: uuid('outbox_id'),
    createdAt: time('created_at').notNull(),
  },
  (t) => [index('enquiry_replies_enquiry_idx').on(t.enquiryId, t.createdAt)],
);

export type EnquiryRow = typeof enquiries.$inferSelect;
export type EnquiryReplyRow = typeof enquiryReplies.$inferSelect;
