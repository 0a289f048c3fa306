// Reports read daily counts only, never the raw views. Before one answers, the days the hourly roll-up
// has not caught up with are rolled up here: today when its counts are older than
// ANALYTICS.liveRefreshMs, and once more any earlier day this process has not rolled up since it ended
// (views batched just before midnight). One roll-up at a time per database: reports that arrive while
// it runs wait for it instead of starting their own.
import { ANALYTICS } from '../../lib/constants.ts';
import type { Db } from '../db/client.ts';
import { addDays, lastRolledDay, rollUpDays } from './rollup.ts';
import { utcDay } from './salt.ts';

/** How long after midnight a batch of the day before may still be written (the collector's interval, and some). */
const LATE_VIEWS_MS = 60_000;

class FreshDays {
  private readonly rolledAt = new Map<string, number>();
  private running: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  /** Resolves once the counts of every day up to today are current. */
  ensure(now: Date): Promise<void> {
    this.running ??= this.refresh(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async refresh(now: Date): Promise<void> {
    const today = utcDay(now);
    const last = (await lastRolledDay(this.db, today)) ?? addDays(today, -1);
    for (let day = last; day <= today; day = addDays(day, 1)) {
      const end = Date.parse(`${addDays(day, 1)}T00:00:00Z`);
      const at = this.rolledAt.get(day) ?? 0;
      const stale = day === today ? now.getTime() - at > ANALYTICS.liveRefreshMs : at < end + LATE_VIEWS_MS;
      if (!stale) continue;
      await rollUpDays(this.db, day, day);
      this.rolledAt.set(day, now.getTime());
    }
    for (const day of this.rolledAt.keys()) if (day < last) this.rolledAt.delete(day);
  }
}

const perDatabase = new WeakMap<Db, FreshDays>();

/** Brings the daily counts up to date (see above) before a report reads them. */
export function freshDays(db: Db, now: Date): Promise<void> {
  let fresh = perDatabase.get(db);
  if (!fresh) {
    fresh = new FreshDays(db);
    perDatabase.set(db, fresh);
  }
  return fresh.ensure(now);
}
