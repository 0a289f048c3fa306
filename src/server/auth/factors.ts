// What a sign-in factor may rest on (docs/decisions/097-factors-rest-on-a-proved-address.md,
// 098-two-factors-and-the-step-up.md):
// - an address nobody has proved may belong to someone else, so it holds no second factor;
// - when the address is proved by another route than the account's own session (a mailed reset code,
//   Google, an admin), whatever was set up before the proof may be a stranger's, password included, and
//   is removed;
// - adding a factor asks for a fresh proof: a mailed add-factor code, or a session that proved two
//   factors within STEP_UP_WINDOW_MS.
import { eq } from 'drizzle-orm';
import type { Deps } from '../core/context.ts';
import { ApiError } from '../core/errors.ts';
import type { Tx } from '../db/client.ts';
import {
  authChallenges,
  knownClients,
  passkeys,
  recoveryCodes,
  type SessionRow,
  type SignInMethod,
  sessions,
  twoFactor,
  type UserRow,
  users,
} from '../db/schema.ts';
import { checkCode, limitCodeCheck, markCodeUsed } from './codes.ts';

export const VERIFY_FIRST = 'Verify your e-mail address first';
export const STEP_UP = 'Confirm with the code we e-mailed you';
/** How long after a two-factor sign-in the session may add a factor without a mailed code. */
export const STEP_UP_WINDOW_MS = 10 * 60_000;

/**
 * Sessions that proved two factors: a password (or Google) and an authenticator or recovery code, or a
 * passkey whose authenticator verified the user. A passkey without that flag is one factor.
 */
const TWO_FACTOR_METHODS: ReadonlySet<SignInMethod> = new Set(['two-factor', 'passkey-verified']);

export const isTwoFactorSession = (session: SessionRow) => TWO_FACTOR_METHODS.has(session.method);

/** 403 for an account whose address is not proved: it may be a stranger's, who must not plant a factor. */
export function requireProvedAddress(user: UserRow): void {
  if (!user.isAccountVerified) throw new ApiError(403, VERIFY_FIRST);
}

/**
 * The step-up before a factor is added: nothing when the session signed in with two factors within
 * STEP_UP_WINDOW_MS; else the add-factor code, checked and used up here (one code, one addition). Without
 * a valid code: 403 with `stepUp: true`; a wrong or spent code names itself in the otp issue.
 */
export async function stepUp(deps: Deps, ip: string, user: UserRow, session: SessionRow, otp: string | undefined) {
  requireProvedAddress(user);
  if (isTwoFactorSession(session) && deps.now().getTime() - session.createdAt.getTime() < STEP_UP_WINDOW_MS) return;
  if (!otp) throw stepUpRequired();
  try {
    await limitCodeCheck(deps, ip, user.email);
    const codeId = await checkCode(deps, user.id, 'add-factor', otp);
    await deps.db.transaction((tx) => markCodeUsed(deps, tx, codeId));
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) throw stepUpRequired(err.message);
    throw err;
  }
}

function stepUpRequired(why?: string) {
  return new ApiError(403, STEP_UP, {}, why ? [{ path: 'otp', message: why }] : undefined, true);
}

/**
 * Called in the transaction that proves an unverified account's address by another route than its own
 * session: its password, sessions, passkeys, two-factor secret, recovery codes, known clients and open
 * ceremonies go, and device tokens given before now stop counting. Returns the account as verified (a
 * reset sets the owner's new password next; after Google or an admin, the owner resets to get one).
 */
export async function clearUnprovedFactors(tx: Tx, user: UserRow, now: Date): Promise<UserRow> {
  for (const table of [sessions, passkeys, twoFactor, recoveryCodes, knownClients, authChallenges]) {
    await tx.delete(table).where(eq(table.userId, user.id));
  }
  const [proved] = await tx
    .update(users)
    .set({ isAccountVerified: true, factorsClearedAt: now, passwordHash: null })
    .where(eq(users.id, user.id))
    .returning();
  return proved!;
}
