// Before a change that cannot be taken back (a new password, deleting the account) the owner proves it is
// them: with the password, or, for an account made through Google that never set one, with a code
// mailed to its address. Password checks count against the sign-in limits, so that these calls are no
// way around them; code checks count against the code limits.
import type { Deps } from '../core/context.ts';
import type { CodePurpose, UserRow } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { checkCode, limitCodeCheck } from '../auth/codes.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { underSignInLimits } from '../auth/sign-in-limits.ts';

export const WRONG_PASSWORD = 'Incorrect password';

export interface Proof {
  /** What the owner typed as their password. */
  password?: string | undefined;
  /** The mailed code. */
  otp?: string | undefined;
}

/** The checked code's id (to be marked used with the change), or undefined when a password proved it. */
export async function proveOwner(
  deps: Deps,
  ip: string,
  user: UserRow,
  proof: Proof,
  how: { passwordField: string; purpose: CodePurpose },
): Promise<string | undefined> {
  if (user.passwordHash) {
    const { passwordHash } = user;
    const password = proof.password;
    if (!password) throw missing(how.passwordField, 'Enter your current password');
    await checkOwnerAnswer(deps, ip, user, () => verifyPassword(passwordHash, password), {
      field: how.passwordField,
      wrong: WRONG_PASSWORD,
    });
    return undefined;
  }
  if (!proof.otp) throw missing('otp', 'Enter the 6-digit code we sent to your e-mail');
  await limitCodeCheck(deps, ip, user.email);
  return checkCode(deps, user.id, how.purpose, proof.otp);
}

/**
 * Checks what the signed-in owner typed (a password, an authenticator code) under the account's sign-in
 * limits, so that these calls are no way around them; the caller is signed in, so it is held by its own
 * failures only, not by strangers'. A wrong answer is a 401 naming its field.
 */
export async function checkOwnerAnswer(
  deps: Deps,
  ip: string,
  user: UserRow,
  check: () => Promise<boolean>,
  answer: { field: string; wrong: string },
): Promise<void> {
  if (!(await underSignInLimits(deps, ip, user.email, check, { signedIn: true }))) {
    throw new ApiError(401, answer.wrong, {}, [{ path: answer.field, message: answer.wrong }]);
  }
}

function missing(path: string, message: string) {
  return new ApiError(400, message, {}, [{ path, message }]);
}
