import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { time } from './columns.ts';
import { users } from './users.ts';

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
