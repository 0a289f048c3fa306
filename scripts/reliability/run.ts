// `npm run reliability [load|crash|outage|fuzz|timing]...`: the load, crash, outage, OpenAPI fuzz and timing
// runs of docs/reliability.md, printing their figures. Loopback only; each run is bounded in time. All but
// timing need a built site (`npm run build`). RELIABILITY_SECONDS / RELIABILITY_CONNECTIONS change the load
// run (default 10 s, 50 connections); FUZZ_RUNS the fuzz run's cases per operation and token kind (default
// 1,000).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { crashRun } from './crash.ts';
import { loadRun } from './load.ts';
import { openApiFuzzRun } from './openapi-fuzz.ts';
import { outageRun, type PhaseFigures } from './outage.ts';
import { timingRun } from './timing.ts';

const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : ['load', 'crash', 'outage', 'fuzz', 'timing'];
if (wanted.some((run) => run !== 'timing') && !existsSync(path.join(distDir, 'index.html'))) {
  console.error(`No built site in ${distDir}: run \`npm run build\` first.`);
  process.exit(1);
}
const log = (line: string) => process.stderr.write(`  ${line}\n`);
const ms = (n: number) => `${n.toFixed(0)} ms`;
let failed = false;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
  if (!ok) failed = true;
};

console.log(`reliability runs, ${new Date().toISOString()}, node ${process.version}, loopback`);

if (wanted.includes('load')) {
  const connections = Number(process.env.RELIABILITY_CONNECTIONS ?? 50);
  const seconds = Number(process.env.RELIABILITY_SECONDS ?? 10);
  console.log(`\n## load: autocannon, ${connections} connections, ${seconds} s per target, embedded database`);
  const f = await loadRun({ distDir, connections, seconds, log });
  console.log('| target | requests | req/s | p50 ms | p99 ms | errors | statuses |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const [name, r] of [
    ['POST /api/form/contact', f.contact],
    ['GET /api/v1/auth/user', f.currentUser],
    ['GET /projects (static page)', f.page],
  ] as const) {
    console.log(
      `| ${name} | ${r.requests} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${JSON.stringify(r.statusCounts)} |`,
    );
  }
  console.log(
    `contact: ${f.contact201} answers 201, ${f.storedRows} rows stored (${f.storedRows - f.contact201} stored whose answer was still in flight when autocannon stopped; at most ${connections})`,
  );
  check(
    f.contact.errors + f.currentUser.errors + f.page.errors === 0,
    'load: 0 errors (connection errors and timeouts)',
  );
  check(f.contact.non2xx + f.currentUser.non2xx + f.page.non2xx === 0, 'load: every answer 2xx');
  check(
    f.contact201 <= f.storedRows && f.storedRows - f.contact201 <= connections,
    'load: every 201 contact answer is a stored row (201s ≤ rows ≤ 201s + connections)',
  );
}

if (wanted.includes('crash')) {
  console.log(
    '\n## crash: kill -9 the server (embedded PGlite) during a contact load, restart on the same data folder; 3 rounds',
  );
  const f = await crashRun({ distDir, rounds: 3, loadMs: 3_000, workers: 20, log });
  console.log(
    '| round | requests sent | 201 before the kill | other outcomes | restart to healthy | health after | new enquiry after |',
  );
  console.log('|---:|---:|---:|---|---:|---:|---:|');
  for (const [i, r] of f.rounds.entries()) {
    console.log(
      `| ${i + 1} | ${r.sent} | ${r.acknowledged} | ${JSON.stringify(r.others)} | ${ms(r.restartMs)} | ${r.healthAfterRestart} | ${r.contactAfterRestart} |`,
    );
  }
  console.log(
    `acknowledged ${f.acknowledged}, stored ${f.stored}, lost ${f.lost}, stored but unacknowledged ${f.unacknowledgedStored}`,
  );
  check(
    f.lost === 0 && f.acknowledged <= f.stored,
    'crash: every acknowledged enquiry is stored (acknowledged ≤ stored)',
  );
  check(
    f.rounds.every((r) => r.healthAfterRestart === 200 && r.contactAfterRestart === 201) && f.reopenedCleanly,
    'crash: the database opens cleanly after each kill',
  );
}

if (wanted.includes('outage')) {
  console.log(
    '\n## outage: PostgreSQL behind PgBouncer (transaction mode) stopped for 10 s under load (9 clients: current-user call, contact and page views), then started again; then SIGTERM',
  );
  const f = await outageRun({ distDir, outageMs: 10_000, pooler: true, workers: 9, log });
  const row = (name: string, p: PhaseFigures) =>
    console.log(
      `| ${name} | ${p.requests} | ${JSON.stringify(p.statuses)} | ${p.p50Ms.toFixed(0)} | ${p.maxMs.toFixed(0)} |`,
    );
  console.log('| phase | requests | statuses | p50 ms | max ms |');
  console.log('|---|---:|---|---:|---:|');
  row('before', f.before);
  row('PostgreSQL down', f.during);
  row('PostgreSQL back, recovering', f.recovering);
  row('after', f.after);
  console.log(
    `/api/health while down: ${f.healthDuring.status} ${JSON.stringify(f.healthDuring.body)} in ${ms(f.healthDuring.ms)}`,
  );
  console.log(
    `recovery after PostgreSQL is back: /api/health ${ms(f.healthRecoveryMs)}, current-user call ${ms(f.userRecoveryMs)}`,
  );
  console.log(
    `SIGTERM after the run: ${f.stopMs === null ? 'did not stop within 30 s' : ms(f.stopMs)}, exit ${f.stopExit}`,
  );
  if (f.serverExit !== null) console.log(`the server exited with ${f.serverExit}:\n${f.serverOutputTail}`);
  check(f.serverErrors === 0, 'outage: no 500 and no call without an answer');
  check(
    (f.during.statuses['503'] ?? 0) > 0 && f.during.maxMs < 3_500,
    'outage: 503 while down, slowest answer under 3.5 s',
  );
  check(
    f.healthDuring.status === 503 && (f.healthDuring.body as { db?: string })?.db === 'down',
    "outage: /api/health 503 with db 'down'",
  );
  check(
    f.healthRecoveryMs >= 0 && f.healthRecoveryMs <= 5_000 && f.userRecoveryMs >= 0 && f.userRecoveryMs <= 5_000,
    'outage: recovered within 5 s without a restart',
  );
  check(f.stopMs !== null && f.stopMs <= 10_000 && f.stopExit === 0, 'outage: SIGTERM stops the server within 10 s');
}

if (wanted.includes('fuzz')) {
  const runs = Number(process.env.FUZZ_RUNS ?? 1000);
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
  console.log(
    `\n## fuzz: every operation of /api/openapi.json, ${runs} generated requests each with no token, a user's and an admin's`,
  );
  const started = performance.now();
  const f = await openApiFuzzRun({ distDir, runs, seed });
  console.log('| operation [token] | cases | schema-valid | statuses |');
  console.log('|---|---:|---:|---|');
  for (const [name, op] of Object.entries(f.perOperation)) {
    console.log(`| ${name} | ${op.cases} | ${op.valid} | ${JSON.stringify(op.statuses)} |`);
  }
  console.log(
    `${f.cases} cases and ${f.methodCases} wrong-method requests in ${ms(performance.now() - started)}; ${f.sessionsRenewed} sessions renewed after a generated sign-out; seed ${seed} (FUZZ_SEED repeats it)`,
  );
  for (const failure of f.failures) console.log(`  ${failure}`);
  check(
    f.failures.length === 0,
    'fuzz: every answer documented and matching its schema, no 5xx, no 400 for a valid request, 405 with Allow for a wrong method',
  );
}

if (wanted.includes('timing')) {
  const samples = 100;
  console.log(
    `\n## timing: reset-otp for known and unknown addresses, ${samples} interleaved samples each, in-process, embedded database`,
  );
  const f = await timingRun({ samples });
  console.log(
    `median: known ${f.knownMedianMs.toFixed(2)} ms, unknown ${f.unknownMedianMs.toFixed(2)} ms, difference ${(f.knownMedianMs - f.unknownMedianMs).toFixed(2)} ms; Mann-Whitney U two-sided p = ${f.p.toFixed(3)}`,
  );
  check(f.p >= 0.01, 'timing: known and unknown addresses are not told apart by time (Mann-Whitney U, p >= 0.01)');
}

process.exit(failed ? 1 : 0);
