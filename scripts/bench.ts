// `npm run bench`: the `npm start` server on loopback, once on the embedded PGlite and once on a
// throwaway PostgreSQL server (started here as the API tests do), in the same run:
// 1. saturation (scripts/load/saturation.ts): autocannon's req/s and p50/p99 for a static page and each
//    API call, beside a bare node:http server writing the same page's bytes from memory;
// 2. mixed (scripts/load/mixed.ts): the static page's latency at a steady rate alone, beside steady
//    streams of API calls, and beside the same streams sent to a second server (the control); the goal:
//    the page's p99 beside the API at most 1.25× the control's;
// 3. beacons (scripts/load/beacon-load.ts): the static page's saturation throughput alone, then beside a
//    steady stream of analytics page views; the goal is at least 80 % of the throughput alone;
// then argon2id's hashes a second with the API's own parameters, on one thread;
// 4. outbox (scripts/load/outbox-bench.ts): mails per second from the mail outbox to a local SMTP catcher,
//    beside the old code path's figure (`npm run bench -- outbox` runs this part alone, with no build).
// `npm run bench -- mixed` runs part 2 alone.
// What the parts send is in scripts/load/workload.ts.
// Run `npm run build` first. BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_MIX_SECONDS and BENCH_MIX_ROUNDS adjust the load.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../src/server/auth/passwords.ts';
import { startPostgres } from '../tests/helpers/postgres.ts';
import { startServer } from '../tests/helpers/server.ts';
import { besideBeacons, printBeaconLoads, type BeaconLoad } from './load/beacon-load.ts';
import { mix, printMixed, type Mix } from './load/mixed.ts';
import { printOutboxBench } from './load/outbox-bench.ts';
import { printSaturation, saturate, saturateBaseline, type Row } from './load/saturation.ts';
import { signUp } from './load/workload.ts';

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

if (process.argv[2] === 'outbox') {
  await printOutboxBench();
  process.exit(0);
}

const mixedOnly = process.argv[2] === 'mixed';
const rows: Row[] = [];
const mixes: Mix[] = [];
const beaconLoads: BeaconLoad[] = [];
if (!mixedOnly) rows.push(await saturateBaseline());

const postgres = await startPostgres();
try {
  for (const db of ['PGlite', 'PostgreSQL']) {
    const start = async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
      const databaseUrl: Record<string, string> =
        db === 'PostgreSQL' ? { DATABASE_URL: await postgres.createDatabase() } : {};
      const env = { DATA_DIR: dataDir, TRUST_PROXY: 'true', NODE_ENV: 'development', ...databaseUrl };
      const server = await startServer({ env });
      return {
        server,
        stop: async () => {
          await server.stop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    };
    const main = await start();
    try {
      const session = await signUp(main.server.url);
      // Mixed first: the saturation runs leave work queued behind them (argon2 hashes of sign-in).
      const second = await start();
      try {
        mixes.push(await mix(session, await signUp(second.server.url), db));
      } finally {
        await second.stop();
      }
      if (mixedOnly) continue;
      await saturate(session, db, rows);
      beaconLoads.push(await besideBeacons(session, db));
    } finally {
      await main.stop();
    }
  }
} finally {
  await postgres.stop();
}
if (mixedOnly) {
  printMixed(mixes);
  process.exit(0);
}
const argon2 = await argon2PerSecond();

printSaturation(rows);
printMixed(mixes);
printBeaconLoads(beaconLoads);
const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
console.log(
  `\nargon2id (m=${memoryCost} KiB, t=${timeCost}, p=${parallelism}) alone, one thread: ${argon2.toFixed(1)} hashes/s`,
);
await printOutboxBench();
