// Which lane a statement waits in on the embedded database. PGlite has one connection and runs one
// statement at a time, first come first served: a health check or a sign-in that arrived while four admins
// pulled reports waited behind every report statement queued before it. Statements run from the `later`
// lane (the reports, exports, backups and housekeeping, whose routes declare it) wait while any other
// statement is queued, so an interactive request waits at most for the one statement already running.
// PostgreSQL has a pool of connections and ignores lanes.
import { AsyncLocalStorage } from 'node:async_hooks';

export type Lane = 'now' | 'later';

const current = new AsyncLocalStorage<Lane>();

/** The lane of the code running now: `now` unless it runs inside inLaterLane. */
export const laneOf = (): Lane => current.getStore() ?? 'now';

/** Runs `work` (and every statement it starts, however deep) in the `later` lane. */
export function inLaterLane<T>(work: () => T): T {
  return current.run('later', work);
}
