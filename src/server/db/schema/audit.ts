import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { time } from './columns.ts';

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

export type AuditRow = typeof auditLog.$inferSelect;
