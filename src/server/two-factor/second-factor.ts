// Whether two-factor is on for a user, and the check of a second factor: a code of the authenticator
// app (its time step must be later than the last one accepted, so a code works once) or an unused
// recovery code.
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { LIMITS } from '../../lib/constants.ts';
import type { Deps } from '../core/context.ts';
import { twoFactor } from '../db/schema.ts';
import { spendRecoveryCode } from './recovery-codes.ts';
import { open } from './secret-box.ts';
import { stepOfCode } from './totp.ts';

const TOTP_CODE = new RegExp(`^\\d{${LIMITS.otpLength}}$`);

export async function twoFactorRow(deps: Deps, userId: string) {
  const [row] = await deps.db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return row;
}

export async function isTwoFactorOn(deps: Deps, userId: string): Promise<boolean> {
  return (await twoFactorRow(deps, userId))?.enabledAt != null;
}

/**
 * Accepts the code at most once: the step is recorded by a conditional update, so two requests with
 * the same code (or an older one) cannot both pass. `pending` checks the secret of a set-up not yet on.
 */
export async function acceptTotp(deps: Deps, userId: string, code: string, pending = false): Promise<boolean> {
  const row = await twoFactorRow(deps, userId);
  if (!row || (row.enabledAt !== null) === pending) return false;
  const secret = openSecret(deps, row.secret, userId);
  if (secret === undefined) return false;
  const step = stepOfCode(secret, code.trim(), deps.now());
  if (step === undefined) return false;
  const accepted = await deps.db
    .update(twoFactor)
    .set({ lastStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        pending ? isNull(twoFactor.enabledAt) : isNotNull(twoFactor.enabledAt),
        or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step)),
      ),
    )
    .returning({ userId: twoFactor.userId });
  return accepted.length > 0;
}

/**
 * The secret, or undefined when it does not open: TWO_FACTOR_KEY was changed (or the row was copied from
 * another user). The app's codes then fail like wrong ones, and the owner signs in with a recovery code.
 */
function openSecret(deps: Deps, sealed: string, userId: string): string | undefined {
  try {
    return open(deps.twoFactorKey, sealed, userId);
  } catch {
    console.error(`Two-factor secret of user ${userId} does not decrypt: was TWO_FACTOR_KEY changed?`);
    return undefined;
  }
}

/** A code of the app or a recovery code, for a user with two-factor on. */
export async function acceptSecondFactor(deps: Deps, userId: string, code: string): Promise<boolean> {
  const trimmed = code.trim();
  if (TOTP_CODE.test(trimmed)) return acceptTotp(deps, userId, trimmed);
  if (!(await isTwoFactorOn(deps, userId))) return false;
  return spendRecoveryCode(deps, userId, trimmed);
}
