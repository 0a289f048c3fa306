// What a sign-in factor may rest on (docs/decisions/097-factors-rest-on-a-proved-address.md,
// 098-two-factors-and-the-step-up.md):
// - an address nobody has proved may belong to someone else, so it holds no second factor;
// - when the address is proved by another route than the account's own session (a mailed reset code,
//   Google, an admin), whatever was set up before the proof may be a stranger's, password included, and
//   is removed;
// - adding a factor asks for a fresh proof (auth/assurance.ts): a session that proved two factors lately,
//   a mailed add-factor code, or a code of the authenticator app.
import { eq } from 'drizzle-orm';
import type { Deps } from '../core/context.ts';
import { ApiError } from '../core/errors.ts';
import type { Tx } from '../db/client.ts';
import {
  authChallenges,
  knownClients,
  passkeys,
  recoveryCodes,
  sessions,
  twoFactor,
  type UserRow,
  users,
} from '../db/schema.ts';
import { checkCode, limitCodeCheck, markCodeUsed } from './codes.ts';
import type { Locale } from '../../i18n/locales.ts';

export const VERIFY_FIRST = 'Verify your e-mail address first';
export const STEP_UP = 'Confirm with the code we e-mailed you';

/** 403 for an account whose address is not proved: it may be a stranger's, who must not plant a factor. */
export function requireProvedAddress(user: UserRow): void {
  if (!user.isAccountVerified) throw new ApiError(403, VERIFY_FIRST);
}

/**
 * The mailed add-factor code a call carries instead of a fresh two-factor session (auth/assurance.ts),
 * checked and used up here: one code, one addition. A wrong or spent code is a 403 with `stepUp: true`
 * that names itself in the otp issue.
 */
export async function spendAddFactorCode(deps: Deps, ip: string, user: UserRow, otp: string): Promise<void> {
  try {
    await limitCodeCheck(deps, ip, user.email);
    const codeId = await checkCode(deps, user.id, 'add-factor', otp);
    await deps.db.transaction((tx) => markCodeUsed(deps, tx, codeId));
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) throw stepUpRequired(err.message);
    throw err;
  }
}

function stepUpRequired(why: string) {
  return new ApiError(403, STEP_UP, {}, [{ path: 'otp', message: why }], true);
}

/**
 * Called in the transaction that proves an unverified account's address by another route than its own
 * session: its password, sessions, passkeys, two-factor secret, recovery codes, known clients and open
 * ceremonies go, and device tokens given before now stop counting. The name and language whoever signed
 * up chose go too: the owner's mails must not arrive in a stranger's language, nor greet them by a
 * stranger's name. `owner` is what the proof says of them: Google's profile name (else the address's
 * local part, ownerName), and the language of the page the proof came from. Returns the account as
 * verified (a reset sets the owner's new password next; after Google or an admin, the owner resets to
 * get one).
 */
export async function clearUnprovedFactors(
  tx: Tx,
  user: UserRow,
  now: Date,
  owner: { name: string; locale: Locale },
): Promise<UserRow> {
  for (const table of [sessions, passkeys, twoFactor, recoveryCodes, knownClients, authChallenges]) {
    await tx.delete(table).where(eq(table.userId, user.id));
  }
  const [proved] = await tx
    .update(users)
    .set({
      isAccountVerified: true,
      factorsClearedAt: now,
      passwordHash: null,
      name: owner.name,
      locale: owner.locale,
    })
    .where(eq(users.id, user.id))
    .returning();
  return proved!;
}

/** The name an account gets when nothing better is known of its owner: its address's local part. */
export const ownerName = (email: string) => email.slice(0, email.lastIndexOf('@'));
