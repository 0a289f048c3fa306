// Remembers recent session lookups (session joined to its user) so that an authenticated request on the
// embedded PGlite costs no query: every query there is a round trip to the database thread, and the
// current-user call was bound by it. An entry is trusted only while no write has touched the sessions or
// users tables since its lookup began (the database's change clock), and only until the session expires,
// so a sign-out, a password change, a role change or a deletion is seen by the very next request.
// Only for a database that this process alone writes (docs/decisions/042-session-lookups.md).
import type { ChangeClock } from '../db/change-clock.ts';
import type { SessionRow, UserRow } from '../db/schema.ts';

export interface FoundSession {
  session: SessionRow;
  user: UserRow;
}

/** A copy that the caller may change (findSession updates `lastUsedAt` on it) without touching the original. */
export const copyFound = (found: FoundSession): FoundSession => ({
  session: { ...found.session },
  user: { ...found.user },
});

const TABLES = ['sessions', 'users'] as const;
/** Enough for every session active in a busy hour; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 10_000;

export class SessionCache {
  private readonly entries = new Map<string, { found: FoundSession; version: number }>();

  constructor(private readonly clock: ChangeClock) {}

  /** Taken before a lookup starts, and handed to `remember` with its result. */
  version(): number {
    return this.clock.version(TABLES);
  }

  /** A copy of the remembered lookup for this token hash, if it is still true at `now`. */
  get(tokenHash: string, now: Date): FoundSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.version !== this.version() || entry.found.session.expiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return copyFound(entry.found);
  }

  /** Keeps a lookup's result, unless something was written since the lookup began. */
  remember(tokenHash: string, found: FoundSession, version: number): void {
    if (version !== this.version()) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { found: copyFound(found), version });
  }
}
