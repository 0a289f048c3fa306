// The analytics API tests' fixture: a fresh API per test whose clock starts at a chosen UTC moment, a site
// build of known pages (views of other paths are dropped), an admin, and the beacon, stored views and
// report read as the tests see them. `t` and `admin` are the current test's: `start()` sets them, and
// `useAnalyticsApi()` (called once at the top of a test file) closes the API after each test.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';
import { setAdmin } from '../../src/server/cli/admin-commands.ts';
import { analyticsViews } from '../../src/server/db/schema.ts';
import { signUp, startTestApi, testClock, type Account, type TestApi } from './api.ts';

export const DAY = 86_400_000;
export const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export let t: TestApi;
export let admin: Account;

/** The pages of the build these tests stand in for (dist/site-pages.json): views of other paths are dropped. */
const PAGES = [
  '/',
  '/a',
  '/b',
  '/again',
  '/launch',
  '/member',
  '/stale',
  '/flood',
  '/other-address',
  '/v6',
  '/policy',
  '/contact',
  '/projects',
  '/service-details/Mobile Application Development',
  ...Array.from({ length: 5 }, (_, i) => `/batch-${i}`),
  ...Array.from({ length: 12 }, (_, i) => `/p${i}`),
];
let distDir: string | undefined;
async function siteDist(): Promise<string> {
  if (!distDir) {
    distDir = await mkdtemp(path.join(tmpdir(), 'analytics-dist-'));
    await writeFile(path.join(distDir, 'site-pages.json'), JSON.stringify(PAGES));
  }
  return distDir;
}

/** A fresh API whose clock reads `at` (UTC) now; its time then runs on from there. */
export async function start(at = '2030-01-15T10:00:05Z') {
  const clock = testClock();
  clock.advance(Date.parse(at) - Date.now());
  t = await startTestApi({ DIST_DIR: await siteDist() }, clock);
  admin = await signUp(t, { email: `admin-${Math.random().toString(36).slice(2)}@example.com` });
  await setAdmin(t.api.db, admin.email, true);
}

/** The admin signed in again (a month on, the first session has ended). */
export function adminSignedInAgain(token: string) {
  admin = { ...admin, token };
}

/** Closes each test's API after it, and removes the site build after the file. */
export function useAnalyticsApi() {
  afterAll(async () => {
    if (distDir) await rm(distDir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await t?.close();
  });
}

interface BeaconOptions {
  ip?: string;
  ua?: string;
  headers?: Record<string, string>;
  token?: string;
}
export const beacon = (body: unknown, o: BeaconOptions = {}) =>
  t.call('POST', '/v1/analytics/view', {
    body,
    ip: o.ip ?? '203.0.113.5',
    headers: { 'user-agent': o.ua ?? CHROME, ...o.headers },
    ...(o.token ? { token: o.token } : {}),
  });

export async function storedViews() {
  await t.api.analytics.flush();
  return t.api.db.select().from(analyticsViews).orderBy(analyticsViews.id);
}

export async function report(days = 30) {
  // Counted as they are written: a report sees every view written before it.
  await t.api.analytics.flush();
  const res = await t.call('GET', `/v1/admin/analytics?days=${days}`, { token: admin.token });
  expect(res.status).toBe(200);
  return res.body;
}

export const dayOf = (body: { daily: { day: string; visits: number; visitors: number }[] }, day: string) =>
  body.daily.find((d) => d.day === day);
