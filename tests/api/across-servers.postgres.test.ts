// Two API servers on one PostgreSQL database, requests spread over both at once: the per-address page-view
// limit, the failed sign-ins of an account and the count of unique visitors hold as they do on one server,
// because each is kept in the database, not in a process. (PostgreSQL project only: two servers share it.)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS } from '../../src/lib/constants.ts';
import pg from 'pg';
import { rowsOf } from '../../src/server/db/rows.ts';
import { visitorHash } from '../../src/server/analytics/salt.ts';
import { analyticsViews } from '../../src/server/db/schema.ts';
import { RULES } from '../../src/server/limits/rate-limit-rules.ts';
import { freshDatabaseUrl, freshIp, signUp, startTestApi, type TestApi } from '../helpers/api.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const PAGES = ['/', '/contact', '/projects', '/blog'];

let dist: string;
let servers: TestApi[];
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'across-dist-'));
  await writeFile(path.join(dist, 'site-pages.json'), JSON.stringify(PAGES));
  const DATABASE_URL = (await freshDatabaseUrl())!;
  servers = [];
  for (let i = 0; i < 2; i++) servers.push(await startTestApi({ DATABASE_URL, DIST_DIR: dist }));
});
afterAll(async () => {
  for (const s of servers ?? []) await s.close();
  await rm(dist, { recursive: true, force: true });
});

const beacon = (server: TestApi, page: string, ip: string) =>
  server.call('POST', '/v1/analytics/view', { body: { path: page }, ip, headers: { 'user-agent': CHROME } });
const flushAll = () => Promise.all(servers.map((s) => s.api.analytics.flush()));
const db = () => servers[0]!.api.db;

/** Today's visits and visitors, and the visitors of each page, as the report's daily rows hold them. */
async function counted() {
  const rows = rowsOf<{ dimension: string; key: string; visits: number; visitors: number }>(
    await db().execute(sql`SELECT dimension, key, sum(visits)::int AS visits, sum(visitors)::int AS visitors
      FROM analytics_daily WHERE dimension IN ('total', 'page') GROUP BY 1, 2`),
  );
  const total = rows.find((r) => r.dimension === 'total') ?? { visits: 0, visitors: 0 };
  const pages = Object.fromEntries(rows.filter((r) => r.dimension === 'page').map((r) => [r.key, r.visitors]));
  return { total: { visits: total.visits, visitors: total.visitors }, pages };
}

const waitingOnLocks = async () =>
  rowsOf<{ n: number }>(
    await db().execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`),
  )[0]!.n;

describe('two servers on one database', () => {
  it(`store at most ${ANALYTICS.viewsPerIpMinute} views a minute from one address between them`, async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => beacon(servers[i % 2]!, '/contact', ip)));
    expect(answers.every((a) => a.status === 202)).toBe(true);
    await flushAll();
    const [stored] = await db().select({ n: count() }).from(analyticsViews);
    expect(stored!.n).toBe(ANALYTICS.viewsPerIpMinute);
  });

  it(`check at most ${RULES.signInFailuresPerAccount.limit} wrong passwords of one account between them`, async () => {
    const acc = await signUp(servers[0]!);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        servers[i % 2]!.call('POST', '/v1/auth/sign-in', {
          body: { email: acc.email, password: 'not-the-password-at-all' },
          ip: freshIp(),
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(RULES.signInFailuresPerAccount.limit);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(40 - RULES.signInFailuresPerAccount.limit);
  });

  it("count a visitor once when its view is written while another server's batch with it is not yet committed", async () => {
    const ip = freshIp();
    // A first view makes the day's salt; the visitor's hash is then the one every server computes.
    expect((await beacon(servers[0]!, '/', ip)).status).toBe(202);
    await flushAll();
    const [{ day, salt }] = rowsOf<{ day: string; salt: string }>(
      await db().execute(sql`SELECT day::text AS day, salt FROM analytics_salts`),
    ) as [{ day: string; salt: string }];
    const visitor = visitorHash(Buffer.from(salt, 'base64'), ip, CHROME, new URL(servers[0]!.config.siteUrl).host);
    const before = await counted();
    // Another server's batch, held open: the same visitor's view on /blog, written but not committed.
    const other = new pg.Client({ connectionString: servers[0]!.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO analytics_views (at, day, path, device, visitor) VALUES (now(), $1, '/blog', 'desktop', $2)`,
        [day, visitor],
      );
      expect((await beacon(servers[1]!, '/blog', ip)).status).toBe(202);
      const written = servers[1]!.api.analytics.flush();
      // The server's batch waits on the open one (a row both write), then the open one commits.
      await expect.poll(() => waitingOnLocks(), { timeout: 20_000 }).toBeGreaterThan(0);
      await other.query('COMMIT');
      await written;
    } finally {
      await other.end();
    }
    const after = await counted();
    expect(after.total.visits - before.total.visits).toBe(2);
    expect(after.total.visitors - before.total.visitors).toBe(0);
    expect((after.pages['/blog'] ?? 0) - (before.pages['/blog'] ?? 0)).toBe(1);
  });

  it('count each visitor once when its views are written by both at once', async () => {
    const VISITORS = 300;
    const VIEWS = 6;
    const ips = Array.from({ length: VISITORS }, () => freshIp());
    const before = await counted();
    // Every visitor's views go to both servers in the same burst, so both servers' batches hold them.
    const answers = await Promise.all(
      ips.flatMap((ip, v) => Array.from({ length: VIEWS }, (_, i) => beacon(servers[(v + i) % 2]!, PAGES[i % 4]!, ip))),
    );
    expect(answers.every((a) => a.status === 202)).toBe(true);
    await flushAll();
    const after = await counted();
    // New addresses only: every one is a new visitor of the day, of the site and of each page it saw.
    expect(after.total.visits - before.total.visits).toBe(VISITORS * VIEWS);
    expect(after.total.visitors - before.total.visitors).toBe(VISITORS);
    for (const page of PAGES) expect((after.pages[page] ?? 0) - (before.pages[page] ?? 0), page).toBe(VISITORS);
  });
});
