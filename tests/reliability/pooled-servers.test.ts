// Three `npm start` servers on one PostgreSQL behind PgBouncer in transaction mode (the pooled scale-out
// set-up): the limits hold in parallel bursts spread over the three; 2,000 visitors sending 10 views each,
// round-robin, are counted exactly; and after three PostgreSQL outages of 10 s under load, each server
// stops on SIGTERM within 10 s and every acknowledged enquiry and page view is in the database.
// Requests carry their client address in X-Forwarded-For (the servers run with TRUST_PROXY=true).
import { rm } from 'node:fs/promises';
import pMap from 'p-map';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, enquiry, makeMiniDist, nextIp, sleep, spread } from '../../scripts/reliability/common.ts';
import { startPgBouncer, type TestPgBouncer } from '../helpers/pgbouncer.ts';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { CLIENT_API } from '../../src/server/core/request-limits.ts';
import { networkKey } from '../../src/server/limits/client-ip.ts';
import { RULES } from '../../src/server/limits/rate-limit-rules.ts';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const STOP_BOUND_MS = 10_000;

let postgres: TestPostgres;
let bouncer: TestPgBouncer;
let dist: string;
let direct: string;
const servers: RunningServer[] = [];
const pick = (i: number) => servers[i % servers.length]!.url;

beforeAll(async () => {
  [postgres, dist] = await Promise.all([startPostgres(), makeMiniDist()]);
  direct = await postgres.createDatabase('pooled');
  bouncer = await startPgBouncer(postgres.port);
  // One site behind a load balancer: one SITE_URL for the three (a visitor's hash includes the site).
  const env = {
    DATABASE_URL: bouncer.url('pooled'),
    DIST_DIR: dist,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'error',
    SITE_URL: 'http://agency.example',
  };
  // The first start applies the migrations; the others find them done.
  for (let i = 0; i < 3; i++) servers.push(await startServer({ env }));
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  await bouncer?.stop();
  await postgres?.stop();
  await rm(dist, { recursive: true, force: true });
});

/** A query on a connection of its own, straight to PostgreSQL (not through the pooler). */
async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: direct });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const beacon = (i: number, ip: string, page = '/') =>
  fetch(`${pick(i)}/api/v1/analytics/view`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, 'user-agent': UA },
    body: JSON.stringify({ path: page }),
    signal: AbortSignal.timeout(15_000),
  }).then(
    async (res) => ({ status: res.status, body: await res.text() }),
    (err: Error) => ({ status: 0, body: err.name }),
  );

/** Today's visits and visitors as the report's daily rows hold them. */
async function totals() {
  const [row] = await query<{ visits: number; visitors: number }>(
    `SELECT coalesce(sum(visits), 0)::int AS visits, coalesce(sum(visitors), 0)::int AS visitors
     FROM analytics_daily WHERE dimension = 'total'`,
  );
  return row!;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(200);
  }
}

describe('three servers behind PgBouncer (transaction mode)', () => {
  it('limits hold in 40-request bursts spread over the three', async () => {
    const email = `burst-${Date.now()}@example.com`;
    const signup = await call(pick(0), 'POST', '/api/v1/auth/signup', {
      body: { name: 'Burst', email, password: 'the-right-password-1' },
      ip: nextIp(30),
    });
    expect(signup.status).toBe(201);
    const wrong = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(pick(i), 'POST', '/api/v1/auth/sign-in', {
          body: { email, password: 'not-the-password-at-all' },
          ip: nextIp(31),
        }),
      ),
    );
    const checked = wrong.filter((a) => a.status === 401).length;
    console.log(`40 wrong passwords over three servers: ${checked} checked`);
    expect(checked).toBe(10);
    expect(wrong.filter((a) => a.status === 429)).toHaveLength(30);

    // A mailed code (its mail goes to the development outbox), then 40 wrong ones: tries 1 to 4 answer
    // 'Invalid code', the fifth and every refused one 'Too many wrong attempts'.
    const sent = await call(pick(1), 'POST', '/api/v1/auth/verify-otp', { token: signup.body.token, ip: nextIp(32) });
    expect(sent.status).toBe(200);
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(pick(i), 'POST', '/api/v1/auth/verify-account', {
          token: signup.body.token,
          body: { otp: '000000' },
          ip: nextIp(32),
        }),
      ),
    );
    const compared = guesses.filter((a) => a.body?.message === 'Invalid code').length;
    console.log(`40 wrong mailed codes over three servers: ${compared} answered 'Invalid code'`);
    expect(compared).toBe(4);
    const [code] = await query<{ attempts: number }>(
      "SELECT attempts FROM one_time_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1 AND c.purpose = 'verify-email'",
      [email],
    );
    expect(code!.attempts).toBe(5);

    const ip = nextIp(33);
    // As many at once as one address may have open on a server (CLIENT_API), spread over the three.
    const views = await pMap(
      Array.from({ length: 300 }, (_, i) => i),
      (i) => beacon(i, ip, '/limit'),
      {
        concurrency: CLIENT_API,
      },
    );
    expect(views.every((v) => v.status === 202)).toBe(true);
    await waitFor(async () => {
      const [row] = await query<{ n: number }>("SELECT count(*)::int AS n FROM analytics_views WHERE path = '/limit'");
      return row!.n >= 120;
    }, 30_000);
    // A view is kept only once it has taken a place in the address's window, before its 202: the window
    // says how many were kept, and the stored views reach that number (none can be stored without one).
    const [window] = await query<{ count: number }>('SELECT count FROM rate_limits WHERE key = $1', [
      `${RULES.viewsPerIp.name}:${networkKey(ip)}`.toLowerCase(),
    ]);
    expect(window!.count).toBe(120);
    const [limited] = await query<{ n: number }>(
      "SELECT count(*)::int AS n FROM analytics_views WHERE path = '/limit'",
    );
    console.log(`300 views from one address over three servers: ${limited!.n} stored`);
    expect(limited!.n).toBe(120);
  }, 120_000);

  it('2,000 visitors x 10 views round-robin are counted exactly', async () => {
    const VISITORS = 2_000;
    const VIEWS = 10;
    const ips = Array.from({ length: VISITORS }, () => nextIp(40));
    const start = await totals();
    const answers = await spread(VISITORS * VIEWS, 60, async (n) => {
      // A visitor's ten views are sent together, to the three servers in turn: their batches overlap.
      const r = await beacon(n, ips[Math.floor(n / VIEWS)]!, `/page-${n % 7}`);
      return { status: r.status, ms: 0, body: r.body, headers: new Headers() };
    });
    expect(answers.filter((a) => a.status !== 202)).toEqual([]);
    await waitFor(async () => (await totals()).visits - start.visits >= VISITORS * VIEWS, 60_000);
    const end = await totals();
    console.log(`2,000 visitors x 10 views over three servers: ${end.visitors - start.visitors} visitors counted`);
    expect(end.visits - start.visits).toBe(VISITORS * VIEWS);
    expect(end.visitors - start.visitors).toBe(VISITORS);
  }, 300_000);

  it('after three 10 s PostgreSQL outages under load, each server stops within 10 s and nothing acknowledged is lost', async () => {
    const run = `outage-${Date.now()}`;
    const acknowledgedEnquiries = new Set<string>();
    let acknowledgedViews = 0;
    let serverErrors = 0;
    let stop = false;
    const [viewsBefore] = await query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_views WHERE path = $1', [
      `/${run}`,
    ]);
    const worker = async (w: number) => {
      for (let i = 0; !stop; i++) {
        if (w % 2 === 0) {
          const message = `${run} ${w}-${i}`;
          const a = await call(pick(w + i), 'POST', '/api/form/contact', {
            body: enquiry(message),
            ip: nextIp(50),
            timeoutMs: 20_000,
          });
          if (a.status === 201) acknowledgedEnquiries.add(message);
          if (a.status >= 500 && a.status !== 503) serverErrors++;
        } else {
          const a = await beacon(w + i, nextIp(51), `/${run}`);
          if (a.status === 202) acknowledgedViews++;
          if (a.status >= 500 && a.status !== 503) serverErrors++;
        }
        await sleep(50);
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    for (let outage = 0; outage < 3; outage++) {
      await sleep(3_000);
      await postgres.pause();
      await sleep(10_000);
      await postgres.start();
      // Every server answers healthy again before the next outage (no restart).
      for (const s of servers)
        await waitFor(
          async () => (await call(s.url, 'GET', '/api/health', { timeoutMs: 5_000 })).status === 200,
          60_000,
        );
    }
    await sleep(3_000);
    stop = true;
    await Promise.all(workers);

    const stops = await Promise.all(
      servers.map(async (s) => {
        const started = performance.now();
        const exited = new Promise<number | null>((resolve) => s.child.once('exit', (code) => resolve(code)));
        s.child.kill('SIGTERM');
        const timeout = sleep(STOP_BOUND_MS + 20_000).then(() => 'still running' as const);
        const result = await Promise.race([exited, timeout]);
        return { ms: Math.round(performance.now() - started), result };
      }),
    );
    console.log(
      `three outages: ${acknowledgedEnquiries.size} enquiries and ${acknowledgedViews} views acknowledged; SIGTERM stops: ${JSON.stringify(stops)}`,
    );
    expect(serverErrors).toBe(0);
    for (const s of stops) {
      expect(s.result).toBe(0);
      expect(s.ms).toBeLessThanOrEqual(STOP_BOUND_MS);
    }
    expect(acknowledgedEnquiries.size).toBeGreaterThan(0);
    expect(acknowledgedViews).toBeGreaterThan(0);
    const stored = await query<{ message: string }>('SELECT message FROM enquiries WHERE message LIKE $1', [
      `${run} %`,
    ]);
    const storedMessages = new Set(stored.map((r) => r.message));
    expect([...acknowledgedEnquiries].filter((m) => !storedMessages.has(m))).toEqual([]);
    const [viewsAfter] = await query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_views WHERE path = $1', [
      `/${run}`,
    ]);
    // Each acknowledged view once: none lost, none written twice by a retry.
    expect(viewsAfter!.n - viewsBefore!.n).toBe(acknowledgedViews);
  }, 300_000);
});
