// Sessions: the client holds an opaque token, the database only its SHA-256. 30 days, new at every sign-in.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, ne, notInArray } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { sessions, users, type SessionRow, type UserRow } from '../db/schema.ts';
import { keptUserAgent } from '../account/device.ts';
import { newToken, sha256 } from './tokens.ts';

export const SESSION_DAYS = 30;
export const MAX_SESSIONS = 50;

/** `userAgent` is the request's User-Agent header, kept so that the device list can name the session. */
export async function createSession(deps: Deps, userId: string, userAgent: string | undefined): Promise<string> {
  const token = newToken();
  const now = deps.now();
  await deps.db.insert(sessions).values({
    id: randomUUID(),
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    lastUsedAt: now,
    userAgent: keptUserAgent(userAgent),
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

export async function findSession(
  deps: Deps,
  token: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await deps.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, deps.now())));
  return row;
}

export type SignOutScope = 'global' | 'local' | 'others';

export async function endSessions(deps: Deps, session: SessionRow, scope: SignOutScope): Promise<void> {
  const where =
    scope === 'local'
      ? eq(sessions.id, session.id)
      : scope === 'others'
        ? and(eq(sessions.userId, session.userId), ne(sessions.id, session.id))
        : eq(sessions.userId, session.userId);
  await deps.db.delete(sessions).where(where);
}
