// One-time codes: LIMITS.otpLength digits, bound to user and purpose, 10 minutes, single use, at most 5 wrong tries.
// A new code overwrites the old one (one row per user and purpose), which voids it.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Deps } from '../core/context.ts';
import type { Tx } from '../db/client.ts';
import { oneTimeCodes, type CodePurpose } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import { hashCode, newCode, sameDigest } from './tokens.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_TRIES = 5;

export async function issueCode(deps: Deps, userId: string, purpose: CodePurpose): Promise<string> {
  const code = newCode();
  const id = randomUUID();
  const now = deps.now();
  const row = {
    id,
    codeHash: hashCode(deps.codeKey, id, code),
    attempts: 0,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    consumedAt: null,
    createdAt: now,
  };
  await deps.db
    .insert(oneTimeCodes)
    .values({ ...row, userId, purpose })
    .onConflictDoUpdate({ target: [oneTimeCodes.userId, oneTimeCodes.purpose], set: row });
  return code;
}

/**
 * Counts one code check from the client `ip` against `email`'s code: a stranger hammering someone's
 * address spends only their own allowance (RULES.codeCheckPerAddressIp).
 */
export function limitCodeCheck(deps: Deps, ip: string, email: string): Promise<void> {
  return deps.limiter.consume([
    [RULES.codeCheckPerIp, ip],
    [RULES.codeCheckPerAddressIp, `${email}|${ip}`],
  ]);
}

/**
 * Checks the code and returns its id. A try is taken before the code is compared, in one conditional
 * update, and given back when the code was right: parallel guesses never get more than MAX_WRONG_TRIES
 * compared. Runs outside any transaction: PGlite has one connection, so a write beside an open transaction
 * would wait for it forever.
 */
export async function checkCode(deps: Deps, userId: string, purpose: CodePurpose, code: string): Promise<string> {
  const now = deps.now();
  const [row] = await deps.db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, MAX_WRONG_TRIES),
      ),
    )
    .returning();
  if (!row) throw await whyRefused(deps, userId, purpose);
  if (!sameDigest(row.codeHash, hashCode(deps.codeKey, row.id, code)))
    throw row.attempts >= MAX_WRONG_TRIES ? tooManyTries() : new ApiError(400, 'Invalid code');
  await deps.db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} - 1` })
    .where(eq(oneTimeCodes.id, row.id));
  return row.id;
}

/** Why no try could be taken: the code is used up by wrong tries, or missing, used or expired. */
async function whyRefused(deps: Deps, userId: string, purpose: CodePurpose): Promise<ApiError> {
  const [row] = await deps.db
    .select({ attempts: oneTimeCodes.attempts, consumedAt: oneTimeCodes.consumedAt, expiresAt: oneTimeCodes.expiresAt })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)));
  const live = row && !row.consumedAt && row.expiresAt > deps.now();
  return live && row.attempts >= MAX_WRONG_TRIES ? tooManyTries() : invalidOrExpired();
}

/**
 * Marks a checked code used inside the caller's transaction, so that the change it allows (verify the
 * account, set the password) commits with it. Of two concurrent right answers one wins, one gets 400.
 */
export async function markCodeUsed(deps: Deps, tx: Tx, codeId: string): Promise<void> {
  const now = deps.now();
  const used = await tx
    .update(oneTimeCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oneTimeCodes.id, codeId),
        isNull(oneTimeCodes.consumedAt),
        lt(oneTimeCodes.attempts, MAX_WRONG_TRIES),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning({ id: oneTimeCodes.id });
  if (used.length === 0) throw invalidOrExpired();
}

const invalidOrExpired = () => new ApiError(400, 'Invalid or expired code. Please request a new one.');
const tooManyTries = () => new ApiError(400, 'Too many wrong attempts. Please request a new code.');
