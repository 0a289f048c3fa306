// `npm run bench:scale`: what the admin's work costs as the data grows. For each database (the embedded
// PGlite, and a throwaway PostgreSQL server started as the API tests do) and each size, a fresh database
// is seeded (src/server/cli/seed-database.ts: rows enquiries, rows / 5 users, rows × 10 page views up to 1M) and the
// API is called in-process, as an admin would: the list's first and a deep page (by cursor), a search
// that matches and one that matches nothing, the users' search, the dashboard's stats and the 90-day
// analytics report, the CSV export (first byte, whole file, RSS growth while it streams), health checks
// while four admins pull reports, and the outbox's mails a second into a local SMTP catcher. Prints one
// table per database: p50 and p95 per operation and size, and each p50 as a multiple of the first size's.
//
// Flags: --db pglite|postgres|both (both), --sizes 1000,10000,100000 (PGlite's default; PostgreSQL adds
// 1000000), --runs N (11 calls per operation), --unique-keys N (0): N more views of yesterday, each with a
// referrer and campaign of its own, not yet cut (a flood): every report figure is then taken beside it,
// and two rows more time the housekeeping's cut of that day and health checks while it runs. The default run takes about 15 minutes on two cores;
// `--sizes 1000,10000` about two.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config/config.ts';
import { setAdmin } from '../src/server/cli/admin-commands.ts';
import { createApi, type Api } from '../src/server/app.ts';
import { cursorOf } from '../src/server/db/paging.ts';
import { enquiries, outbox } from '../src/server/db/schema.ts';
import { seedDatabase } from '../src/server/cli/seed-database.ts';
import { startPostgres } from '../tests/helpers/postgres.ts';
import { startSmtpCatcher } from '../tests/helpers/smtp-catcher.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    sizes: { type: 'string' },
    runs: { type: 'string', default: '11' },
    'unique-keys': { type: 'string', default: '0' },
  },
});
const runs = Number(values.runs);
const uniqueKeys = Number(values['unique-keys']);
const PAGES = ['/', '/projects', '/blog', '/contact', '/policy', '/TryNow', '/login', '/Signup'];
const OUTBOX_MAILS = 100;

type Row = { op: string; p50: number; p95: number; unit: string };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function timed(n: number, call: () => Promise<unknown>): Promise<number[]> {
  await call(); // a warm-up call, not counted
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  return times;
}

async function measure(api: Api, token: string): Promise<Row[]> {
  const request = (url: string) =>
    api.app.request(
      `/api${url}`,
      { headers: { authorization: `Bearer ${token}` } },
      { incoming: { socket: { remoteAddress: '10.1.1.1' } } },
    );
  const json = async (url: string) => {
    const res = await request(url);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const out: Row[] = [];
  const ms = (op: string, times: number[]) => out.push({ op, p50: pct(times, 50), p95: pct(times, 95), unit: 'ms' });

  const [deep] = await api.db
    .select({ createdAt: enquiries.createdAt, id: enquiries.id })
    .from(enquiries)
    .orderBy(enquiries.createdAt, enquiries.id)
    .limit(1)
    .offset(20);
  const after = encodeURIComponent(cursorOf(deep!));
  ms('list: first page', await timed(runs, () => json('/v1/admin/contact?pageSize=20')));
  ms('list: deep page (cursor)', await timed(runs, () => json(`/v1/admin/contact?pageSize=20&page=2&after=${after}`)));
  ms('search: hit', await timed(runs, () => json('/v1/admin/contact?pageSize=20&q=tanaka')));
  ms('search: miss', await timed(runs, () => json('/v1/admin/contact?pageSize=20&q=zzqx')));
  ms('users: search', await timed(runs, () => json('/v1/admin/user?pageSize=20&q=novak')));
  ms('stats: 90 days', await timed(runs, () => json('/v1/admin/stats?days=90')));
  ms('analytics: 90-day report', await timed(runs, () => json('/v1/admin/analytics?days=90')));

  // The export: first byte and whole file, and the process's RSS sampled while it streams.
  const first: number[] = [];
  const total: number[] = [];
  const growth: number[] = [];
  for (let i = 0; i < 3; i++) {
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 20);
    const start = performance.now();
    const res = await api.app.request(
      '/api/v1/admin/contact/export',
      { headers: { authorization: `Bearer ${token}` } },
      { incoming: { socket: { remoteAddress: `10.2.0.${i}` } } },
    );
    const reader = res.body!.getReader();
    await reader.read();
    first.push(performance.now() - start);
    while (!(await reader.read()).done) {}
    total.push(performance.now() - start);
    clearInterval(sampler);
    growth.push((Math.max(peak, process.memoryUsage.rss()) - before) / 1024 / 1024);
  }
  ms('export: first byte', first);
  ms('export: all rows', total);
  out.push({ op: 'export: RSS growth', p50: pct(growth, 50), p95: Math.max(...growth), unit: 'MB' });

  // Health beside four admins pulling reports (each report call rolls today up when it is 10 s stale).
  let pulling = true;
  const admins = Array.from({ length: 4 }, async () => {
    while (pulling) await json('/v1/admin/analytics?days=90');
  });
  const health: number[] = [];
  const until = performance.now() + 5000;
  while (performance.now() < until) {
    const start = performance.now();
    await api.app.request('/api/health');
    health.push(performance.now() - start);
  }
  pulling = false;
  await Promise.all(admins);
  ms('health beside 4 reports', health);

  // The outbox: OUTBOX_MAILS queued at once, delivered to the local catcher by the polling worker.
  const now = new Date();
  await api.db.insert(outbox).values(
    Array.from({ length: OUTBOX_MAILS }, (_, i) => ({
      id: crypto.randomUUID(),
      to: `bench-${i}@example.com`,
      subject: 'Bench',
      text: 'Bench mail',
      html: '<p>Bench mail</p>',
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  const start = performance.now();
  for (;;) {
    const result = await api.db.execute(sql`SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL`);
    if ((result as unknown as { rows: { n: number }[] }).rows[0]!.n === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const rate = OUTBOX_MAILS / ((performance.now() - start) / 1000);
  out.push({ op: 'outbox: mails/s', p50: rate, p95: rate, unit: '/s' });

  if (uniqueKeys > 0) {
    // The housekeeping cuts the flooded day (yesterday) to its top keys; health is polled meanwhile.
    let cutting = true;
    const cutStart = performance.now();
    const cut = api.purge().then(() => {
      cutting = false;
    });
    const during: number[] = [];
    while (cutting) {
      const t0 = performance.now();
      await api.app.request('/api/health');
      during.push(performance.now() - t0);
    }
    await cut;
    const took = performance.now() - cutStart;
    out.push({ op: 'flood: housekeeping cut', p50: took, p95: took, unit: 'ms' });
    ms('flood: health during the cut', during);
  }
  return out;
}

async function runSize(kind: 'pglite' | 'postgres', rows: number, databaseUrl: string | undefined) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-scale-'));
  const smtp = await startSmtpCatcher();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DIST_DIR: dataDir,
    LOG_LEVEL: 'silent',
    OUTBOX_POLL_MS: '50',
    SMTP_URL: smtp.url,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const api = await createApi(config);
  try {
    const seedStart = performance.now();
    await seedDatabase(
      api.db,
      { users: Math.round(rows / 5), enquiries: rows, views: Math.min(rows * 10, 1_000_000), uniqueKeys },
      new Date(),
      PAGES,
    );
    const seeded = ((performance.now() - seedStart) / 1000).toFixed(0);
    const email = `bench-admin-${Date.now()}@example.com`;
    const signup = await api.app.request(
      '/api/v1/auth/signup',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench Admin', email, password: 'Tr0ub4dor&bench-42' }),
      },
      { incoming: { socket: { remoteAddress: '10.3.3.3' } } },
    );
    const { token } = (await signup.json()) as { token: string };
    await setAdmin(api.db, email, true);
    console.error(`${kind} ${rows.toLocaleString('en')} rows: seeded in ${seeded} s, measuring`);
    const figures = await measure(api, token);
    for (const f of figures) console.error(`  ${f.op}: ${f.p50.toFixed(1)} / ${f.p95.toFixed(1)} ${f.unit}`);
    return figures;
  } finally {
    await api.close();
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function print(kind: string, sizes: number[], results: Map<number, Row[]>) {
  const base = results.get(sizes[0]!)!;
  console.log(`\n${kind}: p50 / p95 per operation (× = p50 against ${sizes[0]!.toLocaleString('en')} rows)\n`);
  console.log(`| operation | ${sizes.map((s) => `${s.toLocaleString('en')} rows`).join(' | ')} |`);
  console.log(`|---|${sizes.map(() => '---|').join('')}`);
  for (const [i, row] of base.entries()) {
    const cells = sizes.map((s) => {
      const r = results.get(s)![i]!;
      const fig = r.unit === '/s' ? `${r.p50.toFixed(0)}/s` : `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} ${r.unit}`;
      // A first figure that rounds to zero (RSS growth at 1k rows) has no meaningful multiple.
      const ratio = row.p50 >= 0.05 ? `${(r.p50 / row.p50).toFixed(1)}×` : '–';
      return s === sizes[0] ? fig : `${fig} (${ratio})`;
    });
    console.log(`| ${row.op} | ${cells.join(' | ')} |`);
  }
}

const pick = (fallback: number[]) => (values.sizes ? values.sizes.split(',').map(Number) : fallback);
if (values.db !== 'postgres') {
  const sizes = pick([1000, 10_000, 100_000]);
  const results = new Map<number, Row[]>();
  for (const rows of sizes) results.set(rows, await runSize('pglite', rows, undefined));
  print('PGlite', sizes, results);
}
if (values.db !== 'pglite') {
  const pg = await startPostgres();
  try {
    const sizes = pick([1000, 10_000, 100_000, 1_000_000]);
    const results = new Map<number, Row[]>();
    for (const rows of sizes) results.set(rows, await runSize('postgres', rows, await pg.createDatabase()));
    print('PostgreSQL', sizes, results);
  } finally {
    await pg.stop();
  }
}
