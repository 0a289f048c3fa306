import { bigint, boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { time } from './columns.ts';
import { users } from './users.ts';

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

export type PasskeyRow = typeof passkeys.$inferSelect;
