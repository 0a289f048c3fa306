// Changing the password from /account: proven with the current one (or, for an account without one,
// a mailed code), then every other session ends and a notice goes to the account's address, both in
// the transaction that stores the new hash (to a proved address only, caller.ts).
import { eq } from 'drizzle-orm';
import type { PasswordBody } from '../../lib/schemas/account.ts';
import type { Deps } from '../core/context.ts';
import { users } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { markCodeUsed } from '../auth/codes.ts';
import { endOtherSessions } from '../auth/sessions.ts';
import { hashPassword, refuseCommonPassword } from '../auth/passwords.ts';
import { passwordChangedMail, passwordSetMail } from '../mail/account-templates.ts';
import { type Caller, noticeContext, queueNotice } from './caller.ts';
import { proveOwner } from './proof.ts';

/** Returns the answer's message. The caller kicks the outbox afterwards. */
export async function changePassword(deps: Deps, { user, session, ip }: Caller, body: PasswordBody): Promise<string> {
  const hadPassword = user.passwordHash !== null;
  const codeId = await proveOwner(
    deps,
    ip,
    user,
    { password: body.currentPassword, otp: body.otp },
    {
      passwordField: 'currentPassword',
      purpose: 'set-password',
    },
  );
  if (hadPassword && body.newPassword === body.currentPassword) {
    const message = 'Choose a new password that differs from your current one';
    throw new ApiError(400, message, {}, [{ path: 'newPassword', message }]);
  }
  refuseCommonPassword(body.newPassword, 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  const now = deps.now();
  const ctx = noticeContext(deps, user, session, now);

  await deps.db.transaction(async (tx) => {
    if (codeId) await markCodeUsed(deps, tx, codeId);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endOtherSessions(tx, session);
    await queueNotice(tx, now, user, hadPassword ? passwordChangedMail(ctx) : passwordSetMail(ctx));
  });
  return hadPassword
    ? 'Password changed. Every other device has been signed out.'
    : 'Password set. Every other device has been signed out.';
}
