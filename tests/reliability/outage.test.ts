// PostgreSQL stopped under load: calls answer 503 quickly (no hang, no 500), /api/health says the database
// is down, once PostgreSQL is back the API recovers by itself within 5 s, without a restart, and SIGTERM
// then stops it within 10 s. (Through PgBouncer and three servers: pooled-servers.test.ts.)
// The longer run with figures: `npm run reliability outage` (scripts/reliability/outage.ts).
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outageRun } from '../../scripts/reliability/outage.ts';
import { makeMiniDist } from '../../scripts/reliability/common.ts';

let dist: string;
beforeAll(async () => {
  dist = await makeMiniDist();
});
afterAll(() => rm(dist, { recursive: true, force: true }));

it('answers 503 fast while PostgreSQL is down and recovers within 5 s once it is back', async () => {
  const f = await outageRun({ distDir: dist, beforeMs: 1_000, outageMs: 2_000, afterMs: 1_000, workers: 6 });
  const { serverOutputTail, ...figures } = f;
  console.log(`outage: ${JSON.stringify(figures)}`);
  expect(f.serverExit, serverOutputTail).toBeNull();
  expect(f.serverErrors).toBe(0);
  expect(f.during.statuses['503']).toBeGreaterThan(0);
  // No hang: the pool's connect timeout is 3 s, and a refused connection fails at once.
  expect(f.during.maxMs).toBeLessThan(3_500);
  expect(f.healthDuring.status).toBe(503);
  expect(f.healthDuring.body).toEqual({ status: 'degraded', db: 'down' });
  expect(f.healthRecoveryMs).toBeGreaterThanOrEqual(0);
  expect(f.healthRecoveryMs).toBeLessThanOrEqual(5_000);
  expect(f.userRecoveryMs).toBeGreaterThanOrEqual(0);
  expect(f.userRecoveryMs).toBeLessThanOrEqual(5_000);
  expect(f.after.statuses['200']).toBeGreaterThan(0);
  expect(Object.keys(f.after.statuses).every((s) => ['200', '201', '202'].includes(s))).toBe(true);
  // The pool gave every client back: SIGTERM stops the server well within a process manager's 10 s.
  expect(f.stopExit).toBe(0);
  expect(f.stopMs).not.toBeNull();
  expect(f.stopMs!).toBeLessThanOrEqual(10_000);
}, 120_000);
