// The admin lists, searches and reports on a seeded database big enough for the planner to prefer its
// indexes: the plans read no big table from end to end, a deep keyset page is the page the offset gives,
// and the CSV export streams (rows written after its first chunk still reach it).
import { randomUUID } from 'node:crypto';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdmin } from '../../src/server/cli/admin-commands.ts';
import { parseCursor } from '../../src/server/db/paging.ts';
import { enquiries, users } from '../../src/server/db/schema.ts';
import { seedDatabase } from '../../src/server/cli/seed-database.ts';
import { dailyVisitsQuery, topKeysQuery } from '../../src/server/analytics/report.ts';
import { restOfDayQuery } from '../../src/server/stats/stats.ts';
import { enquiryPageQuery } from '../../src/server/enquiries/enquiries.ts';
import { userPageQuery } from '../../src/server/users/admin-routes.ts';
import { signUp, startTestApi, type Account, type TestApi } from '../helpers/api.ts';

const PAGES = ['/', '/contact', '/projects', '/blog', '/policy'];
/** The size the goals are stated at: below it the planner rightly prefers to read a small table whole. */
const ENQUIRIES = 100_000;
let t: TestApi;
let admin: Account;

beforeAll(async () => {
  t = await startTestApi();
  admin = await signUp(t, { email: `scale-admin-${Date.now()}@example.com` });
  await setAdmin(t.api.db, admin.email, true);
  await seedDatabase(t.api.db, { users: 20_000, enquiries: ENQUIRIES, views: 50_000 }, t.clock.now(), PAGES);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

const get = async (url: string) => {
  const res = await t.call('GET', url, { token: admin.token });
  expect(res.status).toBe(200);
  return res.body;
};

describe('keyset pages', () => {
  it.each([
    ['enquiries', '/v1/admin/contact?pageSize=20', 4900],
    ['enquiries found by a search', '/v1/admin/contact?pageSize=20&q=gmail', 700],
    ['enquiries of one status', '/v1/admin/contact?pageSize=20&status=answered', 1900],
    ['users', '/v1/admin/user?pageSize=20', 900],
  ])('a deep page of %s after the cursor is the page the offset gives', async (_, list, deep) => {
    const before = await get(`${list}&page=${deep - 1}`);
    expect(before.nextCursor).toBeDefined();
    const byOffset = await get(`${list}&page=${deep}`);
    const byCursor = await get(`${list}&page=${deep}&after=${encodeURIComponent(before.nextCursor)}`);
    expect(byOffset.data).toHaveLength(20);
    expect(byCursor.data.map((r: { _id: string }) => r._id)).toEqual(byOffset.data.map((r: { _id: string }) => r._id));
    expect(byCursor.nextCursor).toBe(byOffset.nextCursor);
  });

  it('says the total is an estimate past 1,000 rows, and counts exactly below', async () => {
    const all = await get('/v1/admin/contact?pageSize=20');
    expect(all.totalEstimated).toBe(true);
    expect(all.total).toBeGreaterThan(1000);
    const none = await get('/v1/admin/contact?pageSize=20&q=no-such-name-zzqx');
    expect(none).toMatchObject({ total: 0, data: [] });
    expect(none.totalEstimated).toBeUndefined();
    expect(none.nextCursor).toBeUndefined();
  });
});

describe('query plans', () => {
  const plan = async (query: SQLWrapper) => {
    const result = await t.api.db.execute(sql`EXPLAIN ${query.getSQL()}`);
    return (result as unknown as { rows: Record<string, string>[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
  };
  // 20,000 users fit in about 370 pages: for a search that matches nothing the planner rightly reads them
  // whole (its cost is below two trigram lookups), so only their paging is held to the indexes here.
  const BIG = /Seq Scan on (enquiries|analytics_views)\b/;

  it('lists, deep keyset pages and searches read no big table from end to end', async () => {
    // The oldest enquiry's cursor: the deepest page there is.
    const [oldest] = await t.api.db.select().from(enquiries).orderBy(enquiries.createdAt).limit(1);
    const deep = { createdAt: oldest!.createdAt, id: oldest!.id };
    const plans = {
      'first page': await plan(enquiryPageQuery(t.api.db, {}, 1, 20)),
      'deep page by cursor': await plan(enquiryPageQuery(t.api.db, {}, 1, 20, deep)),
      'status filter': await plan(enquiryPageQuery(t.api.db, { status: 'closed' }, 1, 20, deep)),
      'search that matches nothing': await plan(enquiryPageQuery(t.api.db, { q: 'zzqx' }, 1, 20)),
      'search that matches': await plan(enquiryPageQuery(t.api.db, { q: 'tanaka' }, 1, 20)),
      'users first page': await plan(userPageQuery(t.api.db, undefined, 1, 20)),
      'users search': await plan(userPageQuery(t.api.db, 'novak', 1, 20)),
      'users deep page by cursor': await plan(
        userPageQuery(t.api.db, undefined, 1, 20, parseCursor(`2000-01-01T00:00:00.000Z_${randomUUID()}`)),
      ),
      'analytics top lists': await plan(topKeysQuery('2000-01-01', '2100-01-01')),
      'analytics visits per day': await plan(dailyVisitsQuery('2000-01-01', '2100-01-01')),
      'stats: enquiries of the first day of the week': await plan(
        restOfDayQuery(t.api.db, enquiries, enquiries.createdAt, new Date(Date.now() - 7 * 86_400_000)),
      ),
      'stats: signups of the first day of the week': await plan(
        restOfDayQuery(t.api.db, users, users.createdAt, new Date(Date.now() - 7 * 86_400_000)),
      ),
    };
    for (const [name, text] of Object.entries(plans)) expect(text, `${name}:\n${text}`).not.toMatch(BIG);
    // The plans do name the indexes they read (so the check above looks at real plans).
    expect(plans['search that matches nothing']).toMatch(/enquiries_(name|email)_trgm_idx/);
    expect(plans['deep page by cursor']).toMatch(/enquiries_created_idx/);
    expect(plans['users first page']).toMatch(/users_created_idx/);
    expect(plans['users deep page by cursor']).toMatch(/users_created_idx/);
    expect(plans['users search']).not.toMatch(/Seq Scan on users/);
    // The reports read the counts kept on write, never the raw tables.
    expect(plans['analytics top lists']).toMatch(/analytics_daily/);
    expect(plans['analytics top lists']).not.toMatch(/analytics_views/);
    expect(plans['analytics visits per day']).not.toMatch(/analytics_views|Seq Scan on analytics_daily/);
    expect(plans['analytics visits per day']).toMatch(/analytics_daily_totals_idx/);
    expect(plans['stats: enquiries of the first day of the week']).toMatch(/enquiries_created_idx/);
    expect(plans['stats: signups of the first day of the week']).toMatch(/users_created_idx/);
  });
});

describe('CSV export', () => {
  it('streams: a row that only sorts last, written after the first chunk arrived, is in the file', async () => {
    const res = await t.api.app.request(
      '/api/v1/admin/contact/export',
      { headers: { authorization: `Bearer ${admin.token}` } },
      { incoming: { socket: { remoteAddress: '10.9.9.9' } } },
    );
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value, { stream: true });
    // Older than every seeded row: the last batch's query finds it only if it runs after this insert.
    const marker = `Streamed ${randomUUID()}`;
    await t.api.db.insert(enquiries).values({
      id: randomUUID(),
      name: marker,
      email: 'late@example.com',
      phoneNumber: '+44 7000 000000',
      message: 'written while the export streams',
      createdAt: new Date('2000-01-01T00:00:00Z'),
    });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const lines = text.trimEnd().split('\r\n');
    expect(lines.at(-1)).toContain(marker);
    // Header, the seeded rows and the one written meanwhile.
    expect(lines).toHaveLength(1 + ENQUIRIES + 1);
  }, 180_000);
});
