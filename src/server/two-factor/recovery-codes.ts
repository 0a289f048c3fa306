// Recovery codes: RECOVERY_CODE_COUNT single-use codes shown once, for when the authenticator app is
// lost. Ten characters of an alphabet without look-alikes (about 49 bits), written 'abcde-fghij'; stored
// as an HMAC under the code key, bound to the user, like one-time codes.
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '../../lib/sign-in-methods.ts';
import type { Deps } from '../core/context.ts';
import type { Db, Tx } from '../db/client.ts';
import { recoveryCodes } from '../db/schema.ts';
import { hashCode } from '../auth/tokens.ts';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

function newRecoveryCode(): string {
  const chars = Array.from({ length: 2 * HALF }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, HALF)}-${chars.slice(HALF)}`;
}

/** What the user typed, in the one form that is hashed: lower case, no spaces or dashes. */
function normalise(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

const digest = (deps: Deps, userId: string, code: string) => hashCode(deps.codeKey, userId, normalise(code));

/** Replaces the user's codes with new ones and returns them (the only time they are seen). */
export async function replaceRecoveryCodes(deps: Deps, tx: Db | Tx, userId: string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values([...codes].map((code) => ({ userId, codeHash: digest(deps, userId, code) })));
  return [...codes];
}

/** Uses the code up; true when it was one of the user's unused codes. */
export async function spendRecoveryCode(deps: Deps, userId: string, code: string): Promise<boolean> {
  const used = await deps.db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, digest(deps, userId, code))))
    .returning({ userId: recoveryCodes.userId });
  return used.length > 0;
}
