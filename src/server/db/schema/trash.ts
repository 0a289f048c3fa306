import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { time } from './columns.ts';

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

export type TrashRow = typeof trash.$inferSelect;
