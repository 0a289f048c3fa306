// Sessions: the client holds an opaque token, the database only its SHA-256. 30 days, new at every sign-in.
// An authenticated request costs one query (the session joined to its user); `lastUsedAt` is written at
// most once a minute per session, not on every request.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, lt, ne, notInArray } from 'drizzle-orm';
import type { SignOutScope } from '../../lib/schemas/auth.ts';
import type { Deps } from '../core/context.ts';
import type { Db } from '../db/client.ts';
import { sessions, users, type SessionRow, type SignInMethod, type UserRow } from '../db/schema.ts';
import { keptUserAgent } from '../account/device.ts';
import { newToken, sha256 } from './tokens.ts';

export const SESSION_DAYS = 30;
export const MAX_SESSIONS = 50;
/** How stale `lastUsedAt` may get before a request refreshes it. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Sign-ins that proved two factors: a password (or Google) and an authenticator or recovery code, or a
 * passkey whose authenticator verified the user. A passkey without that flag is one factor.
 */
const TWO_FACTOR_METHODS: ReadonlySet<SignInMethod> = new Set(['two-factor', 'passkey-verified']);

/**
 * `userAgent` is the request's User-Agent header, kept so that the device list can name the session;
 * `method` is how the user proved who they are, which gives the factors the session proved
 * (auth/assurance.ts reads them).
 */
export async function createSession(
  deps: Deps,
  userId: string,
  userAgent: string | undefined,
  method: SignInMethod,
): Promise<string> {
  const token = newToken();
  const now = deps.now();
  const two = TWO_FACTOR_METHODS.has(method);
  await deps.db.insert(sessions).values({
    id: randomUUID(),
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    lastUsedAt: now,
    userAgent: keptUserAgent(userAgent),
    method,
    factors: two ? 2 : 1,
    twoFactorsAt: two ? now : null,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
  });
  // A user keeps at most MAX_SESSIONS: the oldest end first, so a script signing in forever cannot grow
  // the table without end.
  const keep = deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(MAX_SESSIONS);
  await deps.db.delete(sessions).where(and(eq(sessions.userId, userId), notInArray(sessions.id, keep)));
  return token;
}

export interface FoundSession {
  session: SessionRow;
  user: UserRow;
}

/** The unexpired session with this token, joined to its user. */
export async function findSession(deps: Deps, token: string): Promise<FoundSession | undefined> {
  const now = deps.now();
  const [row] = await deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, now)));
  if (row && now.getTime() - row.session.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    // The condition repeats in SQL so that concurrent requests (or API processes) write it once.
    await deps.db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(sessions.id, row.session.id),
          lt(sessions.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS + 1)),
        ),
      );
    row.session.lastUsedAt = now;
  }
  return row;
}

export async function endSessions(deps: Deps, session: SessionRow, scope: SignOutScope): Promise<void> {
  const where =
    scope === 'local'
      ? eq(sessions.id, session.id)
      : scope === 'others'
        ? and(eq(sessions.userId, session.userId), ne(sessions.id, session.id))
        : eq(sessions.userId, session.userId);
  await deps.db.delete(sessions).where(where);
}

/** The session has just proved two factors (a step-up): it is fresh from now (auth/assurance.ts). */
export async function stepUpSession(deps: Deps, session: SessionRow): Promise<SessionRow> {
  const set = { factors: 2, twoFactorsAt: deps.now() };
  await deps.db.update(sessions).set(set).where(eq(sessions.id, session.id));
  return { ...session, ...set };
}

/**
 * Ends every session of the account but this one, in the caller's transaction: after a change of how the
 * account signs in (a new password, an authenticator app, a passkey), a session opened before it, maybe
 * by someone who knew only the old way in, does not go on.
 */
export async function endOtherSessions(tx: Pick<Db, 'delete'>, session: Pick<SessionRow, 'id' | 'userId'>) {
  await tx.delete(sessions).where(and(eq(sessions.userId, session.userId), ne(sessions.id, session.id)));
}
