// First-party analytics, what the beacon does: what a view stores, bots, admins, opt-out signals and
// paths that are not pages dropped, malformed bodies, the per-address rate limit, the batched writes,
// unique visitors per day and the daily salt (a moved clock). The fixture: tests/helpers/analytics-api.ts.
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANALYTICS } from '../../src/lib/constants.ts';
import { analyticsSalts, analyticsViews } from '../../src/server/db/schema.ts';
import {
  admin,
  beacon,
  CHROME,
  DAY,
  dayOf,
  IPHONE,
  report,
  start,
  storedViews,
  t,
  useAnalyticsApi,
} from '../helpers/analytics-api.ts';
import { freshIp, signUp } from '../helpers/api.ts';

useAnalyticsApi();

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
    t.api = await t.reopen();
    const [row] = await t.api.db.select({ n: count() }).from(analyticsViews);
    expect(row!.n).toBe(25);
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
