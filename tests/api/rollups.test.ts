// The roll-ups kept by triggers equal a recount from the raw rows after a random mix of writes over
// several days: enquiries and users inserted one by one and in bulk, through the API and straight into
// the tables, status and verification changes, deletes to the trash and restores; page views with
// repeat visitors written in batches on today and yesterday; housekeeping runs as days pass. Checked:
// stats_daily against enquiries and users, analytics_daily against the raw views, and the report's top
// lists against a recount of the raw views.
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENQUIRY_STATUSES } from '../../src/lib/constants.ts';
import { rowsOf } from '../../src/server/db/rows.ts';
import { setAdmin } from '../../src/server/cli/admin-commands.ts';
import { analyticsViews, enquiries, users } from '../../src/server/db/schema.ts';
import { freshIp, signUp, startTestApi, testClock, type Account, type TestApi } from '../helpers/api.ts';

const DAY = 86_400_000;
const DAYS = 4;
const PATHS = ['/', '/contact', '/projects', '/blog'];
const REFERRERS = [null, 'google.com', 'bing.com', 'news.example'];
const SOURCES = [null, 'newsletter', 'linkedin'];
const DEVICES = ['desktop', 'mobile', 'tablet', 'other'] as const;

/** A small seeded generator (mulberry32): the same mix on every run and on both databases. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const rand = random(28);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

let t: TestApi;
let admin: Account;

beforeAll(async () => {
  const clock = testClock();
  clock.advance(Date.parse('2030-05-10T12:00:00Z') - Date.now());
  t = await startTestApi({}, clock);
  admin = await signUp(t, { email: `rollups-admin-${Date.now()}@example.com` });
  await setAdmin(t.api.db, admin.email, true);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** A time within the last three days, the app's clock's now included. */
const recent = () => new Date(t.clock.now().getTime() - Math.floor(rand() * 3 * DAY));

async function writeEnquiriesAndUsers(round: number) {
  const rows = Array.from({ length: 5 + Math.floor(rand() * 20) }, (_, i) => ({
    id: randomUUID(),
    name: `Bulk ${round}-${i}`,
    email: `bulk-${round}-${i}@example.com`,
    phoneNumber: '+44 7000 000000',
    message: 'A project',
    createdAt: recent(),
    status: pick(ENQUIRY_STATUSES),
  }));
  await t.api.db.insert(enquiries).values(rows);
  for (let i = 0; i < 2; i++) {
    const sent = await t.call('POST', '/form/contact', {
      body: { name: 'Asha', email: `asha-${round}-${i}@example.com`, phoneNumber: '+91 98765 43210', message: 'Hi' },
      ip: freshIp(),
    });
    expect(sent.status).toBe(201);
  }
  const moved = rows.filter(() => rand() < 0.4).map((r) => r.id);
  if (moved.length > 0)
    await t.api.db
      .update(enquiries)
      .set({ status: pick(ENQUIRY_STATUSES) })
      .where(inArray(enquiries.id, moved));
  const gone = rows[0]!.id;
  expect((await t.call('DELETE', `/v1/admin/contact/delete/${gone}`, { token: admin.token })).status).toBe(200);
  if (round % 2 === 0)
    expect((await t.call('POST', `/v1/admin/trash/contact/${gone}/restore`, { token: admin.token })).status).toBe(200);
  await t.api.db.delete(enquiries).where(inArray(enquiries.id, [rows[1]!.id]));

  const people = Array.from({ length: 3 + Math.floor(rand() * 8) }, (_, i) => ({
    id: randomUUID(),
    name: `User ${round}-${i}`,
    email: `user-${round}-${i}@example.com`,
    isAccountVerified: rand() < 0.5,
    createdAt: recent(),
  }));
  await t.api.db.insert(users).values(people);
  await signUp(t, { email: `signup-${round}@example.com` });
  await t.api.db
    .update(users)
    .set({ isAccountVerified: true })
    .where(inArray(users.id, [people[0]!.id, people[1]!.id]));
  expect((await t.call('DELETE', `/v1/admin/user/delete/${people[2]!.id}`, { token: admin.token })).status).toBe(200);
}

async function writeViews() {
  const now = t.clock.now();
  for (let batch = 0; batch < 3; batch++) {
    const views = Array.from({ length: 1 + Math.floor(rand() * 60) }, () => {
      const at = rand() < 0.8 ? now : new Date(now.getTime() - DAY);
      const source = pick(SOURCES);
      return {
        at,
        day: dayOf(at),
        path: pick(PATHS),
        referrerHost: pick(REFERRERS),
        utmSource: source,
        utmMedium: source ? 'email' : null,
        utmCampaign: source && rand() < 0.5 ? 'spring' : null,
        device: pick(DEVICES),
        // Few visitors, so that most of them come back within the day and the batch.
        visitor: `v${Math.floor(rand() * 12)}`,
      };
    });
    await t.api.db.insert(analyticsViews).values(views);
  }
}

const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await t.api.db.execute(text));
const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();

describe('roll-ups after a random mix of writes over several days', () => {
  beforeAll(async () => {
    for (let round = 0; round < DAYS; round++) {
      await writeEnquiriesAndUsers(round);
      await writeViews();
      if (round % 2 === 1) await t.api.purge();
      expect((await t.call('GET', '/v1/admin/analytics?days=30', { token: admin.token })).status).toBe(200);
      t.clock.advance(DAY);
    }
    await writeViews();
  }, 300_000);

  it('stats_daily equals a recount of enquiries and users per day', async () => {
    const kept = await query<{ day: string; metric: string; n: number }>(
      sql`SELECT day::text AS day, metric, n FROM stats_daily WHERE n <> 0`,
    );
    const recount = await query<{ day: string; metric: string; n: number }>(sql`
      SELECT day, metric, n FROM (
        SELECT (created_at AT TIME ZONE 'UTC')::date::text AS day, 'enquiries' AS metric, count(*)::int AS n FROM enquiries GROUP BY 1
        UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date::text, 'open_enquiries', count(*)::int FROM enquiries
          WHERE status IN ('new', 'in-progress') GROUP BY 1
        UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date::text, 'signups', count(*)::int FROM users GROUP BY 1
        UNION ALL SELECT (created_at AT TIME ZONE 'UTC')::date::text, 'verified_signups', count(*)::int FROM users
          WHERE is_account_verified GROUP BY 1) counted`);
    expect(recount.length).toBeGreaterThan(4);
    expect(sorted(kept)).toEqual(sorted(recount));
    const stats = await t.call('GET', '/v1/admin/stats?days=7', { token: admin.token });
    expect(stats.status).toBe(200);
    const [totals] = await query<{ users: number; verified: number; open: number }>(sql`
      SELECT (SELECT count(*) FROM users)::int AS users,
        (SELECT count(*) FROM users WHERE is_account_verified)::int AS verified,
        (SELECT count(*) FROM enquiries WHERE status IN ('new', 'in-progress'))::int AS open`);
    expect(stats.body.totals).toMatchObject({
      users: totals!.users,
      verifiedUsers: totals!.verified,
      openEnquiries: totals!.open,
    });
  });

  it('analytics_daily equals a recount of the raw views per day, dimension and key', async () => {
    const kept = await query(sql`
      SELECT day::text AS day, dimension, key, visits, visitors FROM analytics_daily
      WHERE day IN (SELECT DISTINCT day FROM analytics_views)`);
    const recount = await query(sql`
      SELECT v.day::text AS day, k.dimension, k.key, count(*)::int AS visits, count(DISTINCT v.visitor)::int AS visitors
      FROM analytics_views v
      CROSS JOIN LATERAL (VALUES ('total', ''), ('page', v.path), ('referrer', v.referrer_host),
        ('utm_source', v.utm_source), ('utm_medium', v.utm_medium), ('utm_campaign', v.utm_campaign),
        ('device', v.device)) AS k(dimension, key)
      WHERE k.key IS NOT NULL GROUP BY 1, 2, 3`);
    expect(recount.length).toBeGreaterThan(20);
    expect(sorted(kept)).toEqual(sorted(recount));
  });

  it("the report's top pages equal a recount of the raw views (visitors counted per day)", async () => {
    const report = await t.call('GET', '/v1/admin/analytics?days=90', { token: admin.token });
    expect(report.status).toBe(200);
    const recount = await query<{ key: string; visits: number; visitors: number }>(sql`
      SELECT path AS key, sum(visits)::int AS visits, sum(visitors)::int AS visitors FROM (
        SELECT day, path, count(*) AS visits, count(DISTINCT visitor) AS visitors FROM analytics_views
        GROUP BY 1, 2) per_day
      GROUP BY 1 ORDER BY 2 DESC, 1`);
    expect(recount.length).toBe(PATHS.length);
    expect(report.body.top.pages).toEqual(recount);
    const [views] = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM analytics_views`);
    expect(report.body.totals.visits).toBe(views!.n);
    const [enquiryCount] = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM enquiries`);
    expect(report.body.totals.enquiries).toBe(enquiryCount!.n);
  });
});
