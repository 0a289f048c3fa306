// Single-use challenges of the passkey ceremonies and of the second step of a two-factor sign-in, kept
// in the database so that the call that answers one may reach another API process than the call that
// made it. Only a SHA-256 is stored; a challenge lives CHALLENGE_TTL_MS and is taken (deleted) by the
// call that uses it, so a replay finds nothing.
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Deps } from '../core/context.ts';
import { authChallenges } from '../db/schema.ts';
import { sha256 } from './tokens.ts';

export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Wrong codes a two-factor challenge takes before it is void (the account's sign-in limits apply too). */
export const MAX_CHALLENGE_TRIES = 5;

export type ChallengeKind = (typeof authChallenges.$inferSelect)['kind'];

export async function storeChallenge(
  deps: Deps,
  kind: ChallengeKind,
  challenge: string,
  userId: string | null,
): Promise<void> {
  await deps.db.insert(authChallenges).values({
    hash: sha256(challenge),
    kind,
    userId,
    expiresAt: new Date(deps.now().getTime() + CHALLENGE_TTL_MS),
  });
}

const live = (deps: Deps, kind: ChallengeKind, challenge: string, userId: string | null) =>
  and(
    eq(authChallenges.hash, sha256(challenge)),
    eq(authChallenges.kind, kind),
    userId === null ? isNull(authChallenges.userId) : eq(authChallenges.userId, userId),
    gt(authChallenges.expiresAt, deps.now()),
    lt(authChallenges.attempts, MAX_CHALLENGE_TRIES),
  );

/** Deletes the challenge and says whether it was there, unexpired, of this kind and for this user. */
export async function takeChallenge(
  deps: Deps,
  kind: ChallengeKind,
  challenge: string,
  userId: string | null,
): Promise<boolean> {
  const taken = await deps.db
    .delete(authChallenges)
    .where(live(deps, kind, challenge, userId))
    .returning({ hash: authChallenges.hash });
  return taken.length > 0;
}

/** The user a live challenge of this kind was made for, without using it up. */
export async function challengeUser(deps: Deps, kind: ChallengeKind, challenge: string): Promise<string | undefined> {
  const [row] = await deps.db
    .select({ userId: authChallenges.userId })
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.hash, sha256(challenge)),
        eq(authChallenges.kind, kind),
        gt(authChallenges.expiresAt, deps.now()),
        lt(authChallenges.attempts, MAX_CHALLENGE_TRIES),
      ),
    );
  return row?.userId ?? undefined;
}

/** Counts a wrong code against the challenge; at MAX_CHALLENGE_TRIES it no longer answers. */
export async function countWrongTry(deps: Deps, challenge: string): Promise<void> {
  await deps.db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(eq(authChallenges.hash, sha256(challenge)));
}
