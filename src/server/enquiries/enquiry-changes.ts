// What admins do to enquiries: move them through the workflow, keep a note, reply by e-mail, delete to
// the trash. Each change and its audit row commit together.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AdminEnquiry, ContactPatch } from '../../lib/schemas/admin.ts';
import type { Deps } from '../core/context.ts';
import type { Tx } from '../db/client.ts';
import type { Locale } from '../../i18n/locales.ts';
import { enquiries, enquiryReplies, type EnquiryRow, type UserRow, users } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { enquiryReply } from '../mail/templates.ts';
import { audit, type AuditEvent } from '../audit/audit.ts';
import { loadEnquiry } from './enquiries.ts';
import { moveToTrash } from '../trash/trash.ts';

async function lockEnquiry(tx: Tx, id: string): Promise<EnquiryRow> {
  const [row] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for('update');
  if (!row) throw new ApiError(404, 'Enquiry not found');
  return row;
}

const target = (e: EnquiryRow): AuditEvent['target'] => ({
  kind: 'contact',
  id: e.id,
  label: `${e.name} <${e.email}>`,
});

export async function updateEnquiry(
  deps: Deps,
  actor: UserRow,
  id: string,
  patch: ContactPatch,
): Promise<AdminEnquiry> {
  return deps.db.transaction(async (tx) => {
    const before = await lockEnquiry(tx, id);
    const detail: Record<string, unknown> = {};
    if (patch.status !== undefined && patch.status !== before.status)
      detail.status = { from: before.status, to: patch.status };
    // The note's text stays out of the log (it may quote the enquirer); that it changed is enough.
    if (patch.note !== undefined && patch.note !== before.note) detail.note = 'changed';
    if (Object.keys(detail).length > 0) {
      await tx
        .update(enquiries)
        .set({ status: patch.status ?? before.status, note: patch.note ?? before.note })
        .where(eq(enquiries.id, id));
      await audit(tx, deps.now(), { actor, action: 'contact.update', target: target(before), detail });
    }
    return (await loadEnquiry(tx, id))!;
  });
}

/**
 * The language a reply to the enquiry is written in: its sender's account's, when it was sent signed in
 * and the account still exists (its owner may have chosen another since); else the one of the page it
 * was sent from.
 */
async function readerLocale(tx: Tx, enquiry: EnquiryRow): Promise<Locale> {
  if (!enquiry.userId) return enquiry.locale;
  const [account] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, enquiry.userId));
  return account?.locale ?? enquiry.locale;
}

/**
 * Stores the reply in the thread and its mail in the outbox (delivered with retries), and marks the
 * enquiry answered. The caller kicks the outbox worker after the commit.
 */
export async function replyToEnquiry(
  deps: Deps,
  actor: UserRow,
  id: string,
  message: string,
  replyTo: string | undefined,
): Promise<AdminEnquiry> {
  return deps.db.transaction(async (tx) => {
    const enquiry = await lockEnquiry(tx, id);
    const now = deps.now();
    const mail = enquiryReply(
      deps.mail.company,
      {
        name: enquiry.name,
        original: enquiry.message,
        sentAt: enquiry.createdAt,
        reply: message,
        author: actor.name,
      },
      await readerLocale(tx, enquiry),
    );
    const outboxId = await enqueueMail(tx, now, { to: enquiry.email, replyTo: replyTo ?? null, ...mail });
    const replyId = randomUUID();
    await tx.insert(enquiryReplies).values({
      id: replyId,
      enquiryId: id,
      authorId: actor.id,
      authorName: actor.name,
      message,
      outboxId,
      createdAt: now,
    });
    await tx.update(enquiries).set({ status: 'answered' }).where(eq(enquiries.id, id));
    await audit(tx, now, {
      actor,
      action: 'contact.reply',
      target: target(enquiry),
      detail: { reply: replyId, status: { from: enquiry.status, to: 'answered' } },
    });
    return (await loadEnquiry(tx, id))!;
  });
}

export async function trashEnquiry(deps: Deps, actor: UserRow, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const enquiry = await lockEnquiry(tx, id);
    const now = deps.now();
    await moveToTrash(tx, 'contact', id, now, actor.id);
    await audit(tx, now, { actor, action: 'contact.delete', target: target(enquiry) });
  });
}
