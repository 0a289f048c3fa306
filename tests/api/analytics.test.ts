// First-party analytics on this project's database: what a beacon stores, unique visitors per day, the
// daily salt (a moved clock), bots, admins and opt-out signals dropped, rate limits, the roll-up and the
// 30-day deletion, and the admin report.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ANALYTICS } from '../../src/lib/constants.ts';
import { createApi } from '../../src/server/core/app.ts';
import { setAdmin } from '../../src/server/cli/admin-commands.ts';
import { analyticsDaily, analyticsSalts, analyticsViews } from '../../src/server/db/schema.ts';
import { freshIp, signUp, startTestApi, testClock, type Account, type TestApi } from '../helpers/api.ts';

const DAY = 86_400_000;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApi;
let admin: Account;

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
afterAll(async () => {
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

/** A fresh API whose clock reads `at` (UTC) now; its time then runs on from there. */
async function start(at = '2030-01-15T10:00:05Z') {
  const clock = testClock();
  clock.advance(Date.parse(at) - Date.now());
  t = await startTestApi({ DIST_DIR: await siteDist() }, clock);
  admin = await signUp(t, { email: `admin-${Math.random().toString(36).slice(2)}@example.com` });
  await setAdmin(t.api.db, admin.email, true);
}
/** Set by a test that closed its API itself. */
let closed = false;
afterEach(async () => {
  if (!closed) await t?.close();
  closed = false;
});

interface BeaconOptions {
  ip?: string;
  ua?: string;
  headers?: Record<string, string>;
  token?: string;
}
const beacon = (body: unknown, o: BeaconOptions = {}) =>
  t.call('POST', '/v1/analytics/view', {
    body,
    ip: o.ip ?? '203.0.113.5',
    headers: { 'user-agent': o.ua ?? CHROME, ...o.headers },
    ...(o.token ? { token: o.token } : {}),
  });

async function storedViews() {
  await t.api.analytics.flush();
  return t.api.db.select().from(analyticsViews).orderBy(analyticsViews.id);
}

async function report(days = 30) {
  // Counted as they are written: a report sees every view written before it.
  await t.api.analytics.flush();
  const res = await t.call('GET', `/v1/admin/analytics?days=${days}`, { token: admin.token });
  expect(res.status).toBe(200);
  return res.body;
}

const dayOf = (body: { daily: { day: string; visits: number; visitors: number }[] }, day: string) =>
  body.daily.find((d) => d.day === day);

describe('POST /api/v1/analytics/view', () => {
  it('stores the normalised path, UTM fields, referrer host and device class, and answers 202', async () => {
    await start();
    const res = await beacon({
      path: '/policy//?utm_source=newsletter&utm_medium=email&utm_campaign=spring%20launch&utm_term=x&utm_content=y&email=a@b.c#top',
      referrer: 'https://www.Google.com/search?q=agency',
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true, message: 'Received' });
    await beacon(
      { path: '/service-details/Mobile%20Application%20Development', referrer: 'http://localhost:4321/projects' },
      { ua: IPHONE },
    );
    await beacon({ path: '/', referrer: '' });

    const rows = await storedViews();
    expect(rows.map((r) => r.path)).toEqual(['/policy', '/service-details/Mobile Application Development', '/']);
    expect(rows[0]).toMatchObject({
      day: '2030-01-15',
      referrerHost: 'google.com',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring launch',
      utmTerm: 'x',
      utmContent: 'y',
      device: 'desktop',
    });
    // The site's own pages are no referrer; nothing of the query but utm_* is kept.
    expect(rows[1]).toMatchObject({ referrerHost: null, utmSource: null, device: 'mobile' });
    expect(JSON.stringify(rows)).not.toContain('a@b.c');
    // No address and no User-Agent are stored: only a hash that means nothing after the day.
    expect(JSON.stringify(rows)).not.toContain('203.0.113.5');
    expect(JSON.stringify(rows)).not.toContain('Chrome');
    expect(rows[0]!.visitor).toMatch(/^[\w-]{22}$/);
  });

  it('drops bots, opt-out signals, our admins and paths that are not pages of the site, always with 202', async () => {
    await start();
    const user = await signUp(t);
    const dropped = [
      beacon({ path: '/a' }, { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
      beacon(
        { path: '/a' },
        {
          ua: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36',
        },
      ),
      beacon({ path: '/a' }, { ua: 'curl/8.5.0' }),
      beacon({ path: '/a' }, { ua: '' }),
      beacon({ path: '/a' }, { headers: { 'sec-gpc': '1' } }),
      beacon({ path: '/a' }, { headers: { dnt: '1' } }),
      beacon({ path: '/a' }, { token: admin.token }),
      beacon({ path: 'https://evil.example/x' }),
      beacon({ path: '//evil.example/x' }),
    ];
    for (const res of await Promise.all(dropped)) expect(res.status).toBe(202);
    // A signed-in visitor who is not an admin counts, and so does a stale token.
    expect((await beacon({ path: '/member' }, { token: user.token })).status).toBe(202);
    expect((await beacon({ path: '/stale' }, { token: 'not-a-token' })).status).toBe(202);
    expect((await storedViews()).map((r) => r.path)).toEqual(['/member', '/stale']);
  });

  it('counts only pages of the build: probe paths are dropped, a page in another case is stored as the build spells it', async () => {
    await start();
    const probes = ['/wp-admin', '/.env', '/a/b', '/policy/../.git/config', '/blog/made-up-post', '/api/v1/health'];
    for (const path of probes) expect((await beacon({ path })).status).toBe(202);
    await beacon({ path: '/POLICY?utm_source=x' });
    await beacon({ path: '/Service-Details/mobile%20application%20development/' });
    expect((await storedViews()).map((r) => r.path)).toEqual([
      '/policy',
      '/service-details/Mobile Application Development',
    ]);
  });

  it('answers malformed bodies with a 4xx in the one error shape', async () => {
    await start();
    const missing = await beacon({ referrer: 'https://example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body.success).toBe(false);
    expect((await beacon({ path: 'x'.repeat(ANALYTICS.inputMax + 1) })).status).toBe(400);
    const text = await t.call('POST', '/v1/analytics/view', {
      body: 'path=/',
      headers: { 'content-type': 'text/plain', 'user-agent': CHROME },
    });
    expect(text.status).toBe(415);
    const big = await beacon({ path: '/', referrer: 'r'.repeat(10_000) });
    expect([400, 413]).toContain(big.status);
    expect(await storedViews()).toEqual([]);
  });

  it(`counts at most ${ANALYTICS.viewsPerIpMinute} views a minute from one address (an IPv6 /64 is one address), then again`, async () => {
    await start('2030-01-15T10:00:01Z');
    const answers = [];
    for (let i = 0; i < ANALYTICS.viewsPerIpMinute + 5; i++)
      answers.push((await beacon({ path: `/flood` }, { ip: '198.51.100.7' })).status);
    expect(new Set(answers)).toEqual(new Set([202]));
    await beacon({ path: '/other-address' }, { ip: '198.51.100.8' });
    for (let i = 0; i < ANALYTICS.viewsPerIpMinute + 1; i++) {
      await beacon({ path: '/v6' }, { ip: `2001:db8:aa:bb:${i.toString(16)}::1` });
    }
    let rows = await storedViews();
    expect(rows.filter((r) => r.path === '/flood')).toHaveLength(ANALYTICS.viewsPerIpMinute);
    expect(rows.filter((r) => r.path === '/other-address')).toHaveLength(1);
    expect(rows.filter((r) => r.path === '/v6')).toHaveLength(ANALYTICS.viewsPerIpMinute);
    t.clock.advance(60_000);
    await beacon({ path: '/flood' }, { ip: '198.51.100.7' });
    rows = await storedViews();
    expect(rows.filter((r) => r.path === '/flood')).toHaveLength(ANALYTICS.viewsPerIpMinute + 1);
  });

  it('writes views in batches and flushes the queue on close, losing none', async () => {
    await start();
    for (let i = 0; i < 25; i++) await beacon({ path: `/batch-${i % 5}` }, { ip: freshIp() });
    // Closing the API writes what is queued; a new API on the same database finds every view.
    await t.api.close();
    const reopened = await createApi(t.config, { now: t.clock.now });
    try {
      const [row] = await reopened.db.select({ n: count() }).from(analyticsViews);
      expect(row!.n).toBe(25);
    } finally {
      await reopened.close();
      await rm(t.dataDir, { recursive: true, force: true });
      closed = true;
    }
  });
});

describe('visitors and the daily salt', () => {
  it('counts unique visitors per day by address and browser', async () => {
    await start();
    await beacon({ path: '/a' }, { ip: '192.0.2.1' });
    await beacon({ path: '/a' }, { ip: '192.0.2.1' });
    await beacon({ path: '/b' }, { ip: '192.0.2.1' });
    await beacon({ path: '/a' }, { ip: '192.0.2.1', ua: IPHONE });
    await beacon({ path: '/a' }, { ip: '192.0.2.2' });
    const body = await report();
    expect(dayOf(body, '2030-01-15')).toEqual({ day: '2030-01-15', visits: 5, visitors: 3 });
    expect(body.top.pages).toEqual([
      { key: '/a', visits: 4, visitors: 3 },
      { key: '/b', visits: 1, visitors: 1 },
    ]);
    expect(body.top.devices).toEqual([
      { key: 'desktop', visits: 4, visitors: 2 },
      { key: 'mobile', visits: 1, visitors: 1 },
    ]);
  });

  it('rotates the salt at midnight UTC: the same visitor on two days is two visitors, and the old salt is gone', async () => {
    await start('2030-01-15T23:59:00Z');
    await beacon({ path: '/' }, { ip: '192.0.2.9' });
    const [before] = await t.api.db.select().from(analyticsSalts);
    expect(before!.day).toBe('2030-01-15');
    t.clock.advance(2 * 60_000);
    await beacon({ path: '/' }, { ip: '192.0.2.9' });
    await beacon({ path: '/again' }, { ip: '192.0.2.9' });

    const rows = await storedViews();
    expect(rows.map((r) => r.day)).toEqual(['2030-01-15', '2030-01-16', '2030-01-16']);
    expect(rows[0]!.visitor).not.toBe(rows[1]!.visitor);
    expect(rows[1]!.visitor).toBe(rows[2]!.visitor);
    const salts = await t.api.db.select().from(analyticsSalts);
    expect(salts.map((s) => s.day)).toEqual(['2030-01-16']);
    expect(salts[0]!.salt).not.toBe(before!.salt);

    const body = await report();
    expect(dayOf(body, '2030-01-15')).toMatchObject({ visits: 1, visitors: 1 });
    expect(dayOf(body, '2030-01-16')).toMatchObject({ visits: 2, visitors: 1 });
    expect(body.totals).toMatchObject({ visits: 3, visitors: 2 });
  });

  it('the hourly purge deletes a past salt even on a day without views', async () => {
    await start();
    await beacon({ path: '/' });
    t.clock.advance(DAY);
    await t.api.purge();
    expect(await t.api.db.select().from(analyticsSalts)).toEqual([]);
  });
});

describe('roll-up and deletion', () => {
  it('rolls finished days up, keeps the report unchanged, and deletes raw views after 30 days', async () => {
    await start();
    await beacon({ path: '/launch?utm_source=x&utm_medium=social&utm_campaign=spring' }, { ip: '192.0.2.1' });
    await beacon({ path: '/launch', referrer: 'https://news.example.org/post' }, { ip: '192.0.2.2' });
    await beacon({ path: '/' }, { ip: '192.0.2.2' });
    const live = await report(90);

    // The next day: day 1 is rolled up; its raw views stay (within 30 days); the report is the same.
    t.clock.advance(DAY);
    await t.api.purge();
    const rolled = await t.api.db.select().from(analyticsDaily).where(eq(analyticsDaily.day, '2030-01-15'));
    expect(rolled).toContainEqual({ day: '2030-01-15', dimension: 'total', key: '', visits: 3, visitors: 2 });
    expect(rolled).toContainEqual({ day: '2030-01-15', dimension: 'page', key: '/launch', visits: 2, visitors: 2 });
    expect(rolled).toContainEqual({
      day: '2030-01-15',
      dimension: 'referrer',
      key: 'news.example.org',
      visits: 1,
      visitors: 1,
    });
    expect(rolled).toContainEqual({
      day: '2030-01-15',
      dimension: 'utm_campaign',
      key: 'spring',
      visits: 1,
      visitors: 1,
    });
    expect(await storedViews()).toHaveLength(3);
    const afterRollup = await report(90);
    expect(afterRollup.top).toEqual(live.top);
    expect(dayOf(afterRollup, '2030-01-15')).toEqual(dayOf(live, '2030-01-15'));

    // A second purge changes nothing; a view today is read live beside the rolled-up days.
    await t.api.purge();
    await beacon({ path: '/' }, { ip: '192.0.2.3' });
    const mixed = await report(90);
    expect(dayOf(mixed, '2030-01-15')).toMatchObject({ visits: 3, visitors: 2 });
    expect(dayOf(mixed, '2030-01-16')).toMatchObject({ visits: 1, visitors: 1 });
    expect(mixed.top.pages.find((p: { key: string }) => p.key === '/')).toEqual({ key: '/', visits: 2, visitors: 2 });

    // Day 30 after the first: day 1's raw views are still kept; day 31: gone, its counts stay.
    t.clock.advance(29 * DAY);
    await t.api.purge();
    expect(await storedViews()).toHaveLength(4);
    t.clock.advance(DAY);
    const removed = await t.api.purge();
    // The housekeeping reports the analytics purge beside the others: day 1's three raw views.
    expect(Object.entries(removed).find(([name]) => name.startsWith('analytics'))?.[1]).toBe(3);
    const left = await storedViews();
    expect(left.map((r) => r.day)).toEqual(['2030-01-16']);
    // A month on, the admin's session has ended too: sign in again.
    const signIn = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: admin.email, password: admin.password },
      ip: freshIp(),
    });
    admin = { ...admin, token: signIn.body.token };
    const late = await report(90);
    expect(dayOf(late, '2030-01-15')).toMatchObject({ visits: 3, visitors: 2 });
    expect(late.top.sources).toEqual([{ key: 'x', visits: 1, visitors: 1 }]);
    expect(late.top.mediums).toEqual([{ key: 'social', visits: 1, visitors: 1 }]);
  });
});

describe('GET /api/v1/admin/analytics', () => {
  it('answers 401 to nobody, 403 to a user, 400 for another period', async () => {
    await start();
    const user = await signUp(t);
    expect((await t.call('GET', '/v1/admin/analytics')).status).toBe(401);
    expect((await t.call('GET', '/v1/admin/analytics', { token: user.token })).status).toBe(403);
    const bad = await t.call('GET', '/v1/admin/analytics?days=7', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect((await t.call('GET', '/v1/admin/analytics?days=abc', { token: admin.token })).status).toBe(400);
  });

  it('gives every day of 30 or 90, the top lists and the contact conversion rate', async () => {
    await start();
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4']) await beacon({ path: '/contact' }, { ip });
    for (let i = 0; i < 2; i++) {
      const sent = await t.call('POST', '/form/contact', {
        body: { name: 'Asha', email: 'asha@example.com', phoneNumber: '+91 98765 43210', message: 'A project' },
        ip: freshIp(),
      });
      expect(sent.status).toBe(201);
    }
    const month = await report(30);
    expect(month.daily).toHaveLength(30);
    expect(month.from).toBe('2029-12-17');
    expect(month.to).toBe('2030-01-15');
    expect(month.daily.at(-1)).toEqual({ day: '2030-01-15', visits: 4, visitors: 4 });
    expect(month.daily[0]).toEqual({ day: '2029-12-17', visits: 0, visitors: 0 });
    expect(month.totals).toEqual({ visits: 4, visitors: 4, enquiries: 2, conversionRate: 0.5 });
    const quarter = await report(90);
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.totals.conversionRate).toBe(0.5);
  });

  it('lists at most the top ten of each dimension, largest first', async () => {
    await start();
    for (let page = 0; page < 12; page++) {
      for (let v = 0; v <= page; v++) await beacon({ path: `/p${page}` }, { ip: freshIp() });
    }
    const body = await report();
    expect(body.top.pages).toHaveLength(ANALYTICS.top);
    expect(body.top.pages[0]).toEqual({ key: '/p11', visits: 12, visitors: 12 });
    expect(body.top.pages.map((p: { key: string }) => p.key)).not.toContain('/p0');
  });
});

describe('GET /api/v1/admin/stats', () => {
  it('carries the visits per day beside enquiries and signups', async () => {
    await start();
    await beacon({ path: '/' }, { ip: '192.0.2.1' });
    await beacon({ path: '/projects' }, { ip: '192.0.2.1' });
    t.clock.advance(DAY);
    await t.api.purge();
    await beacon({ path: '/' }, { ip: '192.0.2.2' });
    await t.api.analytics.flush();
    const res = await t.call('GET', '/v1/admin/stats?days=7', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.visits).toHaveLength(7);
    expect(res.body.visits.slice(-2)).toEqual([
      { day: '2030-01-15', count: 2 },
      { day: '2030-01-16', count: 1 },
    ]);
  });
});
