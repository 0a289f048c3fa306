// GET /api/v1/admin/audit (the Activity view, paged) and GET /api/v1/admin/stats (the dashboard's
// cards and per-day series) on seeded data.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries, users } from '../../src/server/db/schema.ts';
import { makeAdmin, sendEnquiry } from '../helpers/admin.ts';
import { signUp, startTestApi, type Account, type TestApi } from '../helpers/api.ts';

const DAY = 86_400_000;
// Noon UTC, so that "n days ago" never straddles a day boundary while the test runs.
const NOW = new Date('2026-03-15T12:00:00.000Z');

let t: TestApi;
let admin: Account;
beforeAll(async () => {
  t = await startTestApi({}, { now: () => NOW, advance: () => {} });
  admin = await makeAdmin(t, { email: 'boss@example.com' });
});
afterAll(() => t.close());

describe('GET /api/v1/admin/audit', () => {
  it('lists every admin action newest first with actor, action, target and time, paged', async () => {
    const sent = await sendEnquiry(t);
    const person = await signUp(t);
    await t.call('PATCH', `/v1/admin/contact/${sent.id}`, { token: admin.token, body: { status: 'closed' } });
    await t.call('PATCH', `/v1/admin/user/${person.user._id}`, { token: admin.token, body: { isAdmin: true } });
    await t.call('DELETE', `/v1/admin/user/delete/${person.user._id}`, { token: admin.token });

    const res = await t.call('GET', '/v1/admin/audit?pageSize=2', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, total: 3, page: 1, pageSize: 2 });
    expect(res.body.data).toEqual([
      {
        _id: expect.any(String),
        at: NOW.toISOString(),
        actor: { _id: admin.user._id, email: 'boss@example.com' },
        action: 'user.delete',
        target: { kind: 'user', _id: person.user._id, label: person.email },
        detail: null,
      },
      expect.objectContaining({
        action: 'user.grant-admin',
        target: { kind: 'user', _id: person.user._id, label: person.email },
      }),
    ]);
    const page2 = await t.call('GET', '/v1/admin/audit?page=2&pageSize=2', { token: admin.token });
    expect(page2.body.data).toEqual([
      expect.objectContaining({
        action: 'contact.update',
        target: { kind: 'contact', _id: sent.id, label: `${sent.name} <${sent.email}>` },
        detail: { status: { from: 'new', to: 'closed' } },
      }),
    ]);
    expect((await t.call('GET', '/v1/admin/audit?page=0', { token: admin.token })).status).toBe(400);
    expect((await t.call('GET', '/v1/admin/audit?pageSize=101', { token: admin.token })).status).toBe(400);
  });
});

describe('GET /api/v1/admin/stats', () => {
  it('counts enquiries and signups per UTC day, zeros included, and the cards’ totals', async () => {
    const t2 = await startTestApi({}, { now: () => NOW, advance: () => {} });
    try {
      const boss = await makeAdmin(t2);
      // boss signed up today (NOW). Seed: users 2 and 40 days ago; enquiries today, 3 days ago (two),
      // 10 days ago (one closed) and 31 days ago.
      const at = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * DAY);
      for (const [daysAgo, verified] of [
        [2, true],
        [40, false],
      ] as const) {
        await t2.api.db.insert(users).values({
          id: randomUUID(),
          name: 'Seeded',
          email: `seed${daysAgo}@example.com`,
          isAccountVerified: verified,
          createdAt: at(daysAgo),
        });
      }
      const enquiry = (daysAgo: number, status: 'new' | 'closed' | 'in-progress' = 'new') => ({
        id: randomUUID(),
        name: 'Seeded',
        email: 'seed@example.com',
        phoneNumber: '1',
        message: 'hi',
        status,
        createdAt: at(daysAgo),
      });
      await t2.api.db
        .insert(enquiries)
        .values([enquiry(0, 'in-progress'), enquiry(3), enquiry(3), enquiry(10, 'closed'), enquiry(31)]);

      const res = await t2.call('GET', '/v1/admin/stats', { token: boss.token });
      expect(res.status).toBe(200);
      expect(res.body.days).toBe(30);
      const { enquiries: perDay, signups, totals } = res.body;
      expect(perDay).toHaveLength(30);
      expect(perDay[0].day).toBe('2026-02-14');
      expect(perDay[29]).toEqual({ day: '2026-03-15', count: 1 });
      const count = (series: { day: string; count: number }[], day: string) => series.find((d) => d.day === day)?.count;
      expect(count(perDay, '2026-03-12')).toBe(2);
      expect(count(perDay, '2026-03-05')).toBe(1);
      expect(perDay.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(4);
      expect(count(signups, '2026-03-13')).toBe(1);
      expect(count(signups, '2026-03-15')).toBe(1);
      expect(signups.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(2);
      expect(totals).toEqual({
        openEnquiries: 4,
        enquiriesThisWeek: 3,
        newUsersThisWeek: 2,
        users: 3,
        verifiedUsers: 1,
        verifiedShare: 1 / 3,
      });

      const long = await t2.call('GET', '/v1/admin/stats?days=90', { token: boss.token });
      expect(long.body.enquiries).toHaveLength(90);
      expect(long.body.enquiries.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(5);
      expect(long.body.signups.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(3);
      for (const bad of ['0', '367', 'abc', '1.5']) {
        expect((await t2.call('GET', `/v1/admin/stats?days=${bad}`, { token: boss.token })).status, bad).toBe(400);
      }
    } finally {
      await t2.close();
    }
  });
});
