// The one schema for PGlite and PostgreSQL. Times are written by the app (its injectable clock), not by now().
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEVICE_CLASSES, ENQUIRY_STATUSES } from '../../lib/constants.ts';

/** How a session was signed in. 'two-factor' is a password and an authenticator code. */
export const SIGN_IN_METHODS = ['password', 'two-factor', 'passkey', 'google'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

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

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
    createdAt: time('created_at').notNull(),
  },
  (t) => [
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
    /** How the session was signed in: what REQUIRE_ADMIN_2FA looks at (core/auth-middleware.ts). */
    method: text('method', { enum: SIGN_IN_METHODS }).notNull().default('password'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
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
    purpose: text('purpose', { enum: ['verify-email', 'reset-password', 'set-password', 'delete-account'] }).notNull(),
    /** HMAC-SHA-256 of the code (see docs/decisions/010-one-time-codes-and-mail.md). */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: time('expires_at').notNull(),
    consumedAt: time('consumed_at'),
    createdAt: time('created_at').notNull(),
  },
  (t) => [uniqueIndex('one_time_codes_user_purpose_key').on(t.userId, t.purpose)],
);

/** WebAuthn credentials (passkeys): the public key only; the private key never leaves the authenticator. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser sends it back at sign-in. */
    credentialId: text('credential_id').notNull(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for authenticators that do not count, as synced passkeys). */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: jsonb('transports').$type<string[]>().notNull(),
    /** 'singleDevice' or 'multiDevice' (a synced passkey), and whether it is backed up now. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: time('created_at').notNull(),
    lastUsedAt: time('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
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

/** An authenticator app (TOTP) per user: set up first (enabledAt null), on once confirmed with a code. */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The TOTP secret, AES-256-GCM under TWO_FACTOR_KEY (two-factor/secret-box.ts). */
  secret: text('secret').notNull(),
  enabledAt: time('enabled_at'),
  /** The last time step whose code was accepted: that code and older ones are refused from then on. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: time('created_at').notNull(),
});

/** Single-use recovery codes of two-factor, HMAC-SHA-256 under the code key like one-time codes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

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
  },
  (t) => [
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

/**
 * Deleted users and enquiries: the row as JSON (every column, through to_jsonb) with the rows that hang
 * on it, so that a restore puts back exactly what was there. Purged after LIMITS.trashDays.
 */
export const trash = pgTable(
  'trash',
  {
    kind: text('kind', { enum: ['user', 'contact'] }).notNull(),
    id: uuid('id').notNull(),
    /** Lower-cased; a deleted user's address stays reserved until the purge or a restore. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    data: jsonb('data').$type<TrashData>().notNull(),
    deletedAt: time('deleted_at').notNull(),
    deletedBy: uuid('deleted_by'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('trash_deleted_idx').on(t.deletedAt),
    index('trash_email_idx').on(t.kind, t.email),
  ],
);

export interface TrashData {
  row: Record<string, unknown>;
  /** Rows of other tables that belong to it, by table name (a user's identities, an enquiry's replies). */
  related: Record<string, Record<string, unknown>[]>;
  /** Ids of rows elsewhere that pointed at it, by table name (a user's enquiries), to point them back. */
  links?: Record<string, string[]>;
}

/** Every admin action: who did what to which row, and when. Kept for good. */
export const auditLog = pgTable(
  'audit_log',
  {
    /** Insertion order, for a stable newest-first listing even when two actions share a millisecond. */
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: time('at').notNull(),
    /** Null for the system (the scheduled trash purge). The e-mail is kept as it was then. */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: uuid('target_id'),
    targetLabel: text('target_label').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

/** Fixed-window counters shared by every API process. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: time('reset_at').notNull(),
});

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
  },
  (t) => [
    index('outbox_due_idx').on(t.priority, t.nextAttemptAt).where(sql`sent_at IS NULL AND failed_at IS NULL`),
    index('outbox_account_idx').on(t.accountId).where(sql`account_id IS NOT NULL`),
  ],
);

/** Server-generated secrets shared by every API process (the code pepper when OTP_SECRET is not set). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

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
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;
export type EnquiryRow = typeof enquiries.$inferSelect;
export type EnquiryReplyRow = typeof enquiryReplies.$inferSelect;
export type TrashRow = typeof trash.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];
