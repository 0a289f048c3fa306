// What is left of an account once it is gone (deleted by its owner, or purged from the trash): no address
// and no name. The audit log keeps each action, its time and the account's id, under a pseudonym; the
// outbox drops the notices still waiting for it and erases the address and text of those already sent
// (the confirmation of the deletion itself is erased as soon as it has gone, mail/outbox.ts).
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { auditLog, outbox } from '../db/schema.ts';
import { ERASED } from '../mail/outbox.ts';

/** How the audit log names a deleted account: the id stays beside it. */
export const DELETED_ACCOUNT = 'deleted account';

export async function forgetAccount(tx: Tx, accountId: string): Promise<void> {
  // A name change's detail holds the old and new name; the other details hold counts and ids.
  await tx
    .update(auditLog)
    .set({ targetLabel: DELETED_ACCOUNT })
    .where(and(eq(auditLog.targetKind, 'user'), eq(auditLog.targetId, accountId)));
  await tx
    .update(auditLog)
    .set({ detail: null })
    .where(and(eq(auditLog.targetId, accountId), eq(auditLog.action, 'user.update')));
  await tx.update(auditLog).set({ actorEmail: DELETED_ACCOUNT }).where(eq(auditLog.actorId, accountId));
  await tx.delete(outbox).where(and(eq(outbox.accountId, accountId), isNull(outbox.sentAt), isNull(outbox.failedAt)));
  await tx
    .update(outbox)
    .set({ to: ERASED, subject: ERASED, text: ERASED, html: ERASED, calendar: null })
    .where(and(eq(outbox.accountId, accountId), or(isNotNull(outbox.sentAt), isNotNull(outbox.failedAt))));
}
