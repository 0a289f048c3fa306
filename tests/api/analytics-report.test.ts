// First-party analytics, what the admin reads: the roll-up of finished days and the 30-day deletion of
// raw views (a moved clock), the admin report (its guard, its periods, the top lists, the contact
// conversion rate) and the visits per day on the admin stats. The fixture: tests/helpers/analytics-api.ts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANALYTICS } from '../../src/lib/constants.ts';
import { analyticsDaily } from '../../src/server/db/schema.ts';
import {
  admin,
  adminSignedInAgain,
  beacon,
  DAY,
  dayOf,
  report,
  start,
  storedViews,
  t,
  useAnalyticsApi,
} from '../helpers/analytics-api.ts';
import { freshIp, signUp } from '../helpers/api.ts';

useAnalyticsApi();

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
    adminSignedInAgain(signIn.body.token);
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
