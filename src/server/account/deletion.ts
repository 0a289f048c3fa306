// Deleting one's own account: proven like a password change, then the user row goes and with it (by
// foreign keys) its sessions, codes and identities; its enquiries and past calls stay for the company,
// unlinked, and its calls still to come are cancelled (the visitor and the company are mailed); what
// the audit log and the outbox held of it is pseudonymised (forget.ts). The last admin cannot leave
// (users/last-admin.ts, checked inside the transaction under the admins' lock). The confirmation is queued
// in the same transaction, to the address the account had (when it was proved, caller.ts).
import { eq } from 'drizzle-orm';
import type { DeleteBody } from '../../lib/schemas/account.ts';
import type { Deps } from '../core/context.ts';
import { users } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { accountDeletedMail } from '../mail/account-templates.ts';
import { keepAnAdmin, lockAdmins } from '../users/last-admin.ts';
import { type Caller, noticeContext, queueNotice } from './caller.ts';
import { forgetAccount } from './forget.ts';
import { cancelFutureBookings, mailCancellations } from '../bookings/bookings.ts';
import { proveOwner } from './proof.ts';

const ONLY_ADMIN = 'You are the only admin. Make someone else an admin before deleting your account.';

/** The caller kicks the outbox afterwards. */
export async function deleteAccount(deps: Deps, { user, session, ip }: Caller, body: DeleteBody): Promise<void> {
  await proveOwner(deps, ip, user, body, { passwordField: 'password', purpose: 'delete-account' });
  const now = deps.now();
  const ctx = noticeContext(deps, user, session, now);

  await deps.db.transaction(async (tx) => {
    await lockAdmins(tx);
    await keepAnAdmin(tx, user.id, ONLY_ADMIN);
    // Before the row goes (its bookings are unlinked with it): the calls still to come are cancelled.
    const cancelled = await cancelFutureBookings(tx, user.id, now);
    const gone = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
    // A second request that passed its checks while the first one deleted: nothing left to delete.
    if (gone.length === 0) throw new ApiError(401, 'Your session has ended. Please sign in again.');
    await forgetAccount(tx, user.id);
    // After forgetAccount, which drops the account's waiting mail: these cancellations still go out.
    await mailCancellations(deps, tx, cancelled);
    await queueNotice(tx, now, user, accountDeletedMail(ctx));
  });
}
