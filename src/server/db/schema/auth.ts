// Sign-in state: sessions, the clients each account signed in from, one-time codes and ceremony challenges.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { time } from './columns.ts';
import { users } from './users.ts';

/**
 * How a session was signed in. 'two-factor' is a password (or Google) and an authenticator or recovery
 * code; 'passkey-verified' a passkey whose authenticator verified the user (the UV flag: PIN or
 * biometric); 'passkey' one that did not, or a session from before the flag was read. The two-factor
 * methods are listed in auth/factors.ts.
 */
export const SIGN_IN_METHODS = ['password', 'two-factor', 'passkey', 'passkey-verified', 'google'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    /** SHA-256 of the bearer token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: time('created_at').notNull(),
    /** Kept current by the auth path, at most one write a minute per session. */
    lastUsedAt: time('last_used_at').notNull(),
    /** The User-Agent at sign-in (first 512 characters), shown to the user as browser and OS. */
    userAgent: text('user_agent'),
    expiresAt: time('expires_at').notNull(),
    /** How the session was signed in (the first proof; a later step-up does not change it). */
    method: text('method', { enum: SIGN_IN_METHODS }).notNull().default('password'),
    /**
     * The factors the session proved: 1, or 2 (at sign-in, or later by a step-up with a code of the
     * authenticator app or a recovery code). What auth/assurance.ts reads.
     */
    factors: smallint('factors').notNull().default(1),
    /** When it last proved two factors: it is fresh for a while after (auth/assurance.ts). */
    twoFactorsAt: time('two_factors_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    check(
      'sessions_factors_check',
      sql`(${t.factors} = 1 AND ${t.twoFactorsAt} IS NULL) OR (${t.factors} = 2 AND ${t.twoFactorsAt} IS NOT NULL)`,
    ),
  ],
);

/**
 * The client addresses (as the rate limits key them) each account signed in from with its password:
 * failed sign-ins of the account from elsewhere do not lock these out (auth/sign-in-guard.ts). Purged
 * KNOWN_CLIENT_DAYS after the last sign-in.
 */
export const knownClients = pgTable(
  'known_clients',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client: text('client').notNull(),
    lastSignInAt: time('last_sign_in_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.client] }), index('known_clients_last_idx').on(t.lastSignInAt)],
);

/** One live code per user and purpose: a new code overwrites (voids) the old one. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify-email', 'reset-password', 'set-password', 'delete-account', 'add-factor'],
    }).notNull(),
    /** HMAC-SHA-256 of the code (see docs/decisions/010-one-time-codes-and-mail.md). */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: time('expires_at').notNull(),
    consumedAt: time('consumed_at'),
    createdAt: time('created_at').notNull(),
  },
  (t) => [uniqueIndex('one_time_codes_user_purpose_key').on(t.userId, t.purpose)],
);

/**
 * Single-use challenges of the sign-in ceremonies, kept in the database so that every API process agrees:
 * a passkey registration (bound to its user), a passkey sign-in, and the second step of a password
 * sign-in with two-factor on (bound to its user). Only a SHA-256 of the challenge is stored.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    hash: text('hash').primaryKey(),
    kind: text('kind', { enum: ['passkey-register', 'passkey-sign-in', 'two-factor'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Wrong codes given against a two-factor challenge. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [index('auth_challenges_expires_idx').on(t.expiresAt)],
);

export type SessionRow = typeof sessions.$inferSelect;
export type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];
