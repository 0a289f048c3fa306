// Sessions: the client holds an opaque token, the database only its SHA-256. 30 days, new at every sign-in.
// An authenticated request costs at most one query (session joined to its user; requests that arrive
// together share one, session-lookup.ts), none on the embedded PGlite while its lookup is remembered
// (session-cache.ts); `lastUsedAt` is written at most once a minute per session, not on every request
// (docs/decisions/042-session-lookups.md).
import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { SignOutScope } from '../../lib/schemas/auth.ts';
import type { Deps } from '../core/context.ts';
import type { Db } from '../db/client.ts';
import { sessions, users, type SessionRow, type SignInMethod } from '../db/schema.ts';
import { keptUserAgent } from '../account/device.ts';
import type { FoundSession } from './session-cache.ts';
import { SessionLookups } from './session-lookup.ts';
import { newToken, sha256 } from './tokens.ts';

export const SESSION_DAYS = 30;
export const MAX_SESSIONS = 50;
/** How stale `lastUsedAt` may get before a request refreshes it. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * `userAgent` is the request's User-Agent header, kept so that the device list can name the session;
 * `method` is how the user proved who they are (REQUIRE_ADMIN_2FA reads it).
 */
export async function createSession(
  deps: Deps,
  userId: string,
  userAgent: string | undefined,
  method: SignInMethod,
): Promise<string> {
  const token = newToken();
  const now = deps.now();
  await deps.db.insert(sessions).values({
    id: randomUUID(),
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    lastUsedAt: now,
    userAgent: keptUserAgent(userAgent),
    method,
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

// One per database: the gathered lookups of that database's requests (session-lookup.ts).
const lookups = new WeakMap<Db, SessionLookups>();
function gatheredLookups(db: Db): SessionLookups {
  // Unnamed (''): a named statement would live on one server connection, which a transaction-mode
  // pooler does not promise (client.ts).
  const query = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')})`)
    .prepare('');
  return new SessionLookups((tokenHashes) => query.execute({ tokenHashes }));
}

export async function findSession(deps: Deps, token: string): Promise<FoundSession | undefined> {
  const tokenHash = sha256(token);
  const now = deps.now();
  const cache = deps.sessionCache;
  let row = cache?.get(tokenHash, now);
  if (!row) {
    let lookup = lookups.get(deps.db);
    if (!lookup) {
      lookup = gatheredLookups(deps.db);
      lookups.set(deps.db, lookup);
    }
    const version = cache?.version();
    row = await lookup.find(tokenHash);
    if (row && row.session.expiresAt <= now) row = undefined;
    if (row && cache) cache.remember(tokenHash, row, version!);
  }
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
