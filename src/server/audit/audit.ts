// The audit log: every admin action, written in the same transaction as the change it records, so that
// the log and the data cannot disagree.
import { count, desc } from 'drizzle-orm';
import type { AuditEntry } from '../../lib/schemas/admin.ts';
import type { Db, Tx } from '../db/client.ts';
import { auditLog, type AuditRow, type UserRow } from '../db/schema.ts';

export type AuditAction =
  | 'user.update'
  | 'user.grant-admin'
  | 'user.revoke-admin'
  | 'user.verify'
  | 'user.unverify'
  | 'user.resend-code'
  | 'user.end-sessions'
  | 'user.delete'
  | 'user.restore'
  | 'user.purge'
  | 'contact.update'
  | 'contact.reply'
  | 'contact.delete'
  | 'contact.restore'
  | 'contact.purge'
  | 'contact.export'
  | 'trash.purge'
  | 'database.backup';

export interface AuditEvent {
  /** The admin; null for the system. */
  actor: Pick<UserRow, 'id' | 'email'> | null;
  action: AuditAction;
  target: { kind: 'user' | 'contact' | 'trash' | 'database'; id: string | null; label: string };
  detail?: Record<string, unknown>;
}

export async function audit(db: Db | Tx, at: Date, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    at,
    actorId: event.actor?.id ?? null,
    actorEmail: event.actor?.email ?? null,
    action: event.action,
    targetKind: event.target.kind,
    targetId: event.target.id,
    targetLabel: event.target.label,
    detail: event.detail ?? null,
  });
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    _id: String(row.seq),
    at: row.at.toISOString(),
    actor: row.actorId === null && row.actorEmail === null ? null : { _id: row.actorId, email: row.actorEmail },
    action: row.action,
    target: { kind: row.targetKind, _id: row.targetId, label: row.targetLabel },
    detail: row.detail ?? null,
  };
}

/** Newest first. */
export async function listAudit(db: Db, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog),
  ]);
  return { data: rows.map(toEntry), total: total?.n ?? 0 };
}
