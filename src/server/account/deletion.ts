// Deleting one's own account: proven like a password change, then the user row goes and with it (by
// foreign keys) its sessions, codes and identities; its enquiries stay for the company, unlinked.
// The confirmation is queued in the same transaction, to the address the account had.
import { count, eq } from 'drizzle-orm';
import type { DeleteBody } from '../../lib/schemas/account.ts';
import type { Deps } from '../core/context.ts';
import { users } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { accountDeletedMail } from '../mail/account-templates.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { type Caller, noticeContext } from './caller.ts';
import { proveOwner } from './proof.ts';

/** The caller kicks the outbox afterwards. */
export async function deleteAccount(deps: Deps, { user, session, ip }: Caller, body: DeleteBody): Promise<void> {
  await proveOwner(deps, ip, user, body, { passwordField: 'password', purpose: 'delete-account' });
  if (user.isAdmin) {
    const [admins] = await deps.db.select({ n: count() }).from(users).where(eq(users.isAdmin, true));
    // Without an admin nobody could reach the admin area any more.
    if ((admins?.n ?? 0) <= 1)
      throw new ApiError(409, 'You are the only admin. Make someone else an admin before deleting your account.');
  }
  const now = deps.now();
  const ctx = noticeContext(deps, session, now);

  await deps.db.transaction(async (tx) => {
    const gone = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
    // A second request that passed its checks while the first one deleted: nothing left to delete.
    if (gone.length === 0) throw new ApiError(401, 'Your session has ended. Please sign in again.');
    await enqueueMail(tx, now, { to: user.email, ...accountDeletedMail(ctx) });
  });
}
