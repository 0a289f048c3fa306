// What admins do to accounts: edit, grant or revoke the admin role, verify, delete to the trash, resend
// the verification code, end sessions. Each change and its audit row commit together. Marking an address
// verified proves it by another route than the account's own session: every factor set up before goes
// (auth/factors.ts), and ADMIN_EMAILS may promote it. A revoked role is remembered, so that ADMIN_EMAILS
// does not give it back (admin-emails.ts).
// The last admin keeps the role (users/last-admin.ts): every change locks the admins first.
import { eq } from 'drizzle-orm';
import type { UserPatch } from '../../lib/schemas/admin.ts';
import { codeMailFor } from '../auth/code-mail.ts';
import type { Deps } from '../core/context.ts';
import type { Tx } from '../db/client.ts';
import { sessions, users, type UserRow } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { enqueueMail, PRIORITY } from '../mail/outbox.ts';
import { audit, type AuditEvent } from '../audit/audit.ts';
import { moveToTrash } from '../trash/trash.ts';
import { clearUnprovedFactors, ownerName } from '../auth/factors.ts';
import type { Locale } from '../../i18n/locales.ts';
import { isListedAdmin, promoteListedAdmins } from './admin-emails.ts';
import { keepAnAdmin, lockAdmins } from './last-admin.ts';

export const CONFIRM_SELF_DEMOTION = 'To remove your own admin role, confirm it (confirmSelfDemotion: true)';

async function lockTarget(tx: Tx, id: string): Promise<UserRow> {
  // The admins first, always in the same order; then the target (already locked if it is an admin).
  await lockAdmins(tx);
  const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!target) throw new ApiError(404, 'User not found');
  return target;
}

const target = (u: UserRow): AuditEvent['target'] => ({ kind: 'user', id: u.id, label: u.email });

/** `locale` is the language of the admin's page: an address this change proves gets it (auth/factors.ts). */
export async function updateUser(
  deps: Deps,
  actor: UserRow,
  id: string,
  patch: UserPatch,
  locale: Locale,
): Promise<UserRow> {
  return deps.db.transaction(async (tx) => {
    const before = await lockTarget(tx, id);
    const now = deps.now();
    const events: AuditEvent[] = [];
    const set: Partial<Pick<UserRow, 'name' | 'isAdmin' | 'isAccountVerified' | 'adminRevokedAt'>> = {};
    if (patch.name !== undefined && patch.name !== before.name) {
      set.name = patch.name;
      events.push({
        actor,
        action: 'user.update',
        target: target(before),
        detail: { name: { from: before.name, to: patch.name } },
      });
    }
    if (patch.isAdmin !== undefined && patch.isAdmin !== before.isAdmin) {
      if (!patch.isAdmin) {
        if (before.id === actor.id && patch.confirmSelfDemotion !== true)
          throw new ApiError(409, CONFIRM_SELF_DEMOTION);
        await keepAnAdmin(tx, before.id);
      }
      set.isAdmin = patch.isAdmin;
      set.adminRevokedAt = patch.isAdmin ? null : now;
      const listed = isListedAdmin(deps.config.adminEmails, before.email);
      events.push({
        actor,
        action: patch.isAdmin ? 'user.grant-admin' : 'user.revoke-admin',
        target: target(before),
        // A listed address keeps its demotion: ADMIN_EMAILS no longer promotes it.
        ...(listed && !patch.isAdmin ? { detail: { adminEmails: 'listed; the demotion sticks' } } : {}),
      });
    }
    const proving = patch.isAccountVerified === true && !before.isAccountVerified;
    if (patch.isAccountVerified !== undefined && patch.isAccountVerified !== before.isAccountVerified) {
      set.isAccountVerified = patch.isAccountVerified;
      events.push({ actor, action: patch.isAccountVerified ? 'user.verify' : 'user.unverify', target: target(before) });
    }
    if (events.length === 0) return before;
    if (proving) await clearUnprovedFactors(tx, before, now, { name: ownerName(before.email), locale });
    let [after] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
    for (const e of events) await audit(tx, now, e);
    if (proving && (await promoteListedAdmins(tx, deps.config.adminEmails, now, id)).length > 0) {
      after = { ...after!, isAdmin: true };
    }
    return after!;
  });
}

export async function trashUser(deps: Deps, actor: UserRow, id: string): Promise<void> {
  // An admin removing their own account here would lock themself out by a slip.
  if (id === actor.id) throw new ApiError(409, 'You cannot delete your own account');
  await deps.db.transaction(async (tx) => {
    const victim = await lockTarget(tx, id);
    await keepAnAdmin(tx, victim.id);
    const now = deps.now();
    // Sessions and codes go with the row (ON DELETE CASCADE) and do not come back with a restore.
    await moveToTrash(tx, 'user', id, now, actor.id);
    await audit(tx, now, { actor, action: 'user.delete', target: target(victim) });
  });
}

/**
 * Mails a new verification code through the outbox. The caller has checked that the account is not yet
 * verified and applied the per-address mail limits.
 */
export async function resendVerificationCode(deps: Deps, actor: UserRow, user: UserRow): Promise<void> {
  const mail = await codeMailFor(deps, user, 'verify-email');
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    await enqueueMail(tx, now, mail, { priority: PRIORITY.notice, accountId: user.id });
    await audit(tx, now, { actor, action: 'user.resend-code', target: target(user) });
  });
}

/** Ends every session of the user; returns how many there were. */
export async function endUserSessions(deps: Deps, actor: UserRow, user: UserRow): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const ended = await tx.delete(sessions).where(eq(sessions.userId, user.id)).returning({ id: sessions.id });
    await audit(tx, deps.now(), {
      actor,
      action: 'user.end-sessions',
      target: target(user),
      detail: { sessions: ended.length },
    });
    return ended.length;
  });
}
