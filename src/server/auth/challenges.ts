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
  );

/**
 * Deletes the challenge and says whether it was there, unexpired, of this kind and for this user. A
 * two-factor challenge is taken only by a call that reserved a try on it first (reserveTry).
 */
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

/**
 * Takes one of the challenge's MAX_CHALLENGE_TRIES before its code is judged, in one conditional update,
 * and returns the user it was made for; undefined when it is unknown, expired or out of tries. A try is
 * spent whatever the code, so parallel guesses never get more than MAX_CHALLENGE_TRIES judged.
 */
export async function reserveTry(deps: Deps, kind: ChallengeKind, challenge: string): Promise<string | undefined> {
  const [row] = await deps.db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(
      and(
        eq(authChallenges.hash, sha256(challenge)),
        eq(authChallenges.kind, kind),
        gt(authChallenges.expiresAt, deps.now()),
        lt(authChallenges.attempts, MAX_CHALLENGE_TRIES),
      ),
    )
    .returning({ userId: authChallenges.userId });
  return row?.userId ?? undefined;
}
