// Session lookups by token hash, gathered: a lookup asked for while RUNNING queries are already out waits
// for the next query, which fetches every waiting token at once (`token_hash = any($1)`). Under load an
// authenticated request then costs a share of one query instead of one query each (the PostgreSQL
// server's work and the driver's round trip were what bounded the current-user call); alone, a lookup is
// sent at once and waits for nothing.
// A lookup never joins a query already sent: it waits for one that starts after it was asked for, so its
// answer is as fresh as a query of its own (a sign-out in another process shows on the next request).
// docs/decisions/042-session-lookups.md
import { copyFound, type FoundSession } from './session-cache.ts';

/** Queries out at once; the pool has 10 connections, most of them left for everything else. */
const RUNNING = 2;
/** Tokens in one query at most, so that a burst makes several modest queries rather than a huge one. */
const MAX_TOKENS = 500;

/** One query: the sessions with these token hashes, each joined to its user. */
export type FetchSessions = (tokenHashes: string[]) => Promise<FoundSession[]>;

interface Waiter {
  resolve: (found: FoundSession | undefined) => void;
  reject: (err: unknown) => void;
}

export class SessionLookups {
  private waiting = new Map<string, Waiter[]>();
  private running = 0;

  constructor(private readonly fetch: FetchSessions) {}

  /** The session with this token hash and its user, expired or not (the caller knows what time it is). */
  find(tokenHash: string): Promise<FoundSession | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(tokenHash);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(tokenHash, [{ resolve, reject }]);
      if (this.running < RUNNING) this.send();
    });
  }

  private send(): void {
    const batch = new Map<string, Waiter[]>();
    for (const [hash, waiters] of this.waiting) {
      if (batch.size === MAX_TOKENS) break;
      batch.set(hash, waiters);
      this.waiting.delete(hash);
    }
    this.running++;
    const hashes = [...batch.keys()];
    // Through a promise, so that a fetch that throws at once still fails its waiters and frees its place.
    Promise.resolve()
      .then(() => this.fetch(hashes))
      .then(
        (rows) => {
          const byHash = new Map(rows.map((row) => [row.session.tokenHash, row]));
          for (const [hash, waiters] of batch) {
            const row = byHash.get(hash);
            for (const w of waiters) w.resolve(row && copyFound(row));
          }
        },
        (err: unknown) => {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
        },
      )
      .finally(() => {
        this.running--;
        if (this.waiting.size > 0 && this.running < RUNNING) this.send();
      });
  }
}
