// `npm run bench`: the `npm start` server on loopback, once on the embedded PGlite and once on a
// throwaway PostgreSQL server (started here as the API tests do), in one run, printed side by side:
// - saturation (scripts/load/saturation.ts): autocannon's req/s and p50/p99 for a page and each API call,
//   beside a bare node:http server writing the bytes of the server's answer to that page from memory;
// - the goals: the page's req/s at least 0.9 of the bare server's; the current-user call's req/s and p99
//   beside the figures docs/performance.md records;
// - a pipelined flood (scripts/load/pipelined-flood.ts): 50,000 GET /api/health on 5 connections for 5 s,
//   pages and /api/health probed within 2 s during and after it, and the server's memory;
// - beacons (scripts/load/beacon-load.ts): the page's throughput beside 500 analytics page views a second;
// - argon2id's hashes a second, and the mail outbox's mails a second (`npm run bench -- outbox`: alone).
// Build first (DIST_DIR names the build when it is not dist/). BENCH_SECONDS, BENCH_CONNECTIONS adjust it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../src/server/auth/passwords.ts';
import { startPostgres } from '../tests/helpers/postgres.ts';
import { startServer } from '../tests/helpers/server.ts';
import { besideBeacons, printBeaconLoads, type BeaconLoad } from './load/beacon-load.ts';
import { printOutboxBench } from './load/outbox-bench.ts';
import { type FloodFigures, pipelinedFlood } from './load/pipelined-flood.ts';
import { printSaturation, saturate, saturateBaseline, type Row } from './load/saturation.ts';
import { PAGE, signUp } from './load/workload.ts';

const CURRENT_USER = 'GET /api/v1/auth/user';
const PAGE_ROW = `static page GET ${PAGE} (brotli)`;

async function argon2PerSecond(): Promise<number> {
  // The API's own password-hashing parameters.
  const started = performance.now();
  let count = 0;
  while (performance.now() - started < 3000) {
    await hash('correct horse battery', ARGON2_OPTIONS);
    count++;
  }
  return count / ((performance.now() - started) / 1000);
}

/** The current-user call's recorded req/s per database: its row in docs/performance.md. */
function recordedCurrentUser(): Record<string, string> {
  const text = readFileSync('docs/performance.md', 'utf8');
  const cells = new RegExp(`^\\| ${CURRENT_USER} \\|(.*)\\|$`, 'm').exec(text)?.[1]?.split('|') ?? [];
  return { PGlite: cells[0]?.trim() ?? '?', PostgreSQL: cells[1]?.trim() ?? '?' };
}

if (process.argv[2] === 'outbox') {
  await printOutboxBench();
  process.exit(0);
}

const rows: Row[] = [];
const beaconLoads: BeaconLoad[] = [];
let flood: FloodFigures | undefined;
const postgres = await startPostgres();
try {
  for (const db of ['PGlite', 'PostgreSQL']) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
    const databaseUrl: Record<string, string> =
      db === 'PostgreSQL' ? { DATABASE_URL: await postgres.createDatabase() } : {};
    const server = await startServer({
      env: { DATA_DIR: dataDir, TRUST_PROXY: 'true', NODE_ENV: 'development', ...databaseUrl },
    });
    try {
      const session = await signUp(server.url);
      if (db === 'PGlite') rows.unshift(await saturateBaseline(server.url));
      await saturate(session, db, rows);
      beaconLoads.push(await besideBeacons(session, db));
      if (db === 'PGlite') {
        process.stderr.write('PGlite: pipelined flood...\n');
        // The flood from an address of its own (the probes are another client).
        const spec = { requests: 50_000, connections: 5, seconds: 5, probesAfter: 10, probeTimeoutMs: 2_000 };
        const forwardedFor = '198.51.100.1';
        flood = await pipelinedFlood({ url: server.url, pid: server.child.pid!, page: PAGE, forwardedFor, ...spec });
      }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  await postgres.stop();
}
const argon2 = await argon2PerSecond();

printSaturation(rows);
const base = rows[0]![2];
const figure = (name: string, db: string) => rows.find(([n, d]) => n === name && d === db)![2];
const recorded = recordedCurrentUser();
console.log('\nGoals');
console.log('| goal | PGlite | PostgreSQL |');
console.log('|---|---:|---:|');
const ratio = (db: string) => (figure(PAGE_ROW, db).rps / base.rps).toFixed(2);
console.log(`| page req/s ÷ bare node:http (goal ≥ 0.9) | ${ratio('PGlite')} | ${ratio('PostgreSQL')} |`);
const user = (db: string) => `${figure(CURRENT_USER, db).rps.toFixed(0)} req/s, p99 ${figure(CURRENT_USER, db).p99} ms`;
console.log(`| current user now | ${user('PGlite')} | ${user('PostgreSQL')} |`);
console.log(`| current user, docs/performance.md | ${recorded.PGlite} req/s | ${recorded.PostgreSQL} req/s |`);
if (flood) {
  const worst = (when: string) =>
    flood!.probes
      .filter((p) => p.when === when)
      .map((p) => (p.status === 200 ? `${p.ms.toFixed(0)}` : `${p.status}`))
      .reduce((a, b) => (Number.isNaN(Number(b)) || Number(b) > Number(a) ? b : a), '0');
  console.log(
    '\nPipelined flood: 50,000 GET /api/health on 5 connections for 5 s, PGlite (goal: every probe answered within 2 s, RSS growth ≤ 200 MB)',
  );
  console.log(
    '| probes | answered | slowest during, ms | slowest after, ms | flood answers read | RSS before → peak, MB |',
  );
  console.log('|---:|---:|---:|---:|---:|---|');
  const ok = flood.probes.filter((p) => p.status === 200).length;
  console.log(
    `| ${flood.probes.length} | ${ok} | ${worst('during')} | ${worst('after')} | ${flood.answered} | ${flood.rssBeforeMb.toFixed(0)} → ${flood.rssPeakMb.toFixed(0)} |`,
  );
}
printBeaconLoads(beaconLoads);
const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
console.log(
  `\nargon2id (m=${memoryCost} KiB, t=${timeCost}, p=${parallelism}) alone, one thread: ${argon2.toFixed(1)} hashes/s`,
);
await printOutboxBench();
