// Housekeeping: rows that have served their purpose are deleted on a schedule, so that no table grows
// without end. A Node process runs the purges hourly beside the outbox worker; a deployment without a
// long-lived process runs them from a scheduled function. Each purge is one DELETE and says how many rows
// it removed. A feature with rows to expire adds its purge to PURGES.
import { and, isNotNull, lt, or } from 'drizzle-orm';
import { purgeTrash } from './trash/trash.ts';
import { cutAndPurge } from './analytics/rollup.ts';
import { ANALYTICS } from '../lib/constants.ts';
import type { Db } from './db/client.ts';
import { KNOWN_CLIENT_DAYS } from './auth/known-clients.ts';
import { authChallenges, knownClients, oneTimeCodes, outbox, rateLimits, sessions } from './db/schema.ts';
import { log } from './core/log.ts';

export interface Purge {
  name: string;
  run(db: Db, now: Date): Promise<number>;
}

const DAY_MS = 86_400_000;
/** Delivered mail is kept this long (to answer "did my mail go out?"), then deleted. */
export const SENT_MAIL_DAYS = 30;

export const PURGES: Purge[] = [
  {
    name: 'rate-limit windows that have ended',
    run: async (db, now) =>
      (await db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key })).length,
  },
  {
    name: 'expired sessions',
    run: async (db, now) =>
      (await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })).length,
  },
  {
    name: `sign-in addresses unused for ${KNOWN_CLIENT_DAYS} days`,
    run: async (db, now) =>
      (
        await db
          .delete(knownClients)
          .where(lt(knownClients.lastSignInAt, new Date(now.getTime() - KNOWN_CLIENT_DAYS * DAY_MS)))
          .returning({ id: knownClients.userId })
      ).length,
  },
  {
    name: 'used or expired one-time codes',
    run: async (db, now) =>
      (
        await db
          .delete(oneTimeCodes)
          .where(or(isNotNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.expiresAt, now)))
          .returning({ id: oneTimeCodes.id })
      ).length,
  },
  {
    name: 'expired passkey and two-factor challenges',
    run: async (db, now) =>
      (await db.delete(authChallenges).where(lt(authChallenges.expiresAt, now)).returning({ h: authChallenges.hash }))
        .length,
  },
  {
    name: `mail delivered more than ${SENT_MAIL_DAYS} days ago`,
    run: async (db, now) =>
      (
        await db
          .delete(outbox)
          .where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, new Date(now.getTime() - SENT_MAIL_DAYS * DAY_MS))))
          .returning({ id: outbox.id })
      ).length,
  },
  {
    name: 'trash older than it is kept',
    run: async (db, now) => {
      const removed = await purgeTrash(db, now);
      return removed.user + removed.contact;
    },
  },
  {
    name: `analytics: finished days cut to the top ${ANALYTICS.keysPerDay} keys of each dimension; raw page views past ${ANALYTICS.rawDays} days, daily counts past ${ANALYTICS.dailyDays} days and past days' salts`,
    run: cutAndPurge,
  },
];

/** Runs every purge once. Returns the rows each removed, by name. One failing purge does not stop the rest. */
export async function purgeAll(db: Db, now: Date): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const purge of PURGES) {
    try {
      removed[purge.name] = await purge.run(db, now);
    } catch (err) {
      log.error(`Purge of ${purge.name} failed: ${(err as Error).message}`);
    }
  }
  return removed;
}
