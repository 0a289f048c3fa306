// Accounts and the outside identities (Google) linked to them.
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { locale, localeCheck, time } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** Always stored lower-cased and trimmed. */
    email: text('email').notNull(),
    /** Null for accounts made through Google that never set a password. */
    passwordHash: text('password_hash'),
    isAccountVerified: boolean('is_account_verified').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * When an admin last revoked the role: ADMIN_EMAILS no longer promotes the account (an admin granting
     * the role again clears it).
     */
    adminRevokedAt: time('admin_revoked_at'),
    /**
     * When the address was last proved by another route than the account's own session (a reset code,
     * Google, an admin): the device tokens of earlier sign-ins no longer count (auth/known-clients.ts).
     */
    factorsClearedAt: time('factors_cleared_at'),
    createdAt: time('created_at').notNull(),
    /**
     * The language the account's mails are written in: the sign-up's page language (Accept-Language),
     * then whatever its owner picks on /account.
     */
    locale: locale('locale'),
  },
  (t) => [
    localeCheck('users', t.locale),
    uniqueIndex('users_email_key').on(t.email),
    // The admin list, newest first, paged by (created_at, id); the search box's substring match.
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

export const identities = pgTable(
  'identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('identities_user_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
