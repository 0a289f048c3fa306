// `npm run bench`: the `npm start` server on loopback, once on the embedded PGlite and once on a
// throwaway PostgreSQL server (started here as the API tests do), in the same run:
// 1. saturation: autocannon's req/s and p50/p99 for a static page and each API call, beside a bare
//    bare node:http server writing the same page's bytes from memory (the ceiling of this machine and
//    of autocannon reading those bytes: a larger, incompressible body costs the client more too);
// 2. mixed: the static page's latency at a steady rate alone, then while steady streams of API calls
//    run beside it (does the API slow the pages down?), then while the same streams go to a second
//    server (the control: the share of the machine itself, two cores shared by the load and the servers),
//    in MIX_ROUNDS rounds; the goal: the page's p99 beside the API at most 1.25× the control's, printed
//    per database with the load average;
// 3. beacons: the static page's saturation throughput alone, then beside a steady stream of analytics
//    page views (BEACON_RATE a second); the goal is at least 80 % of the throughput alone.
// 4. outbox: mails per second from the mail outbox to a local SMTP catcher, beside the old code path's
//    figure (`npm run bench -- outbox` runs this part alone, with no build).
// Run `npm run build` first. BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_MIX_SECONDS and BENCH_MIX_ROUNDS adjust the load.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../src/server/auth/passwords.ts';
import { startPostgres } from '../tests/helpers/postgres.ts';
import { freePort, startServer } from '../tests/helpers/server.ts';
import { run, type RunFigures } from './load/autocannon-run.ts';
import { printOutboxBench } from './load/outbox-bench.ts';
import { steady, type Stream, type StreamFigures } from './load/steady.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const mixSeconds = Number(process.env.BENCH_MIX_SECONDS ?? 10);
const PAGE = '/projects';
/** The static page's steady rate in the mixed benchmark, alone and beside the API streams. */
const PAGE_RATE = 200;
/** Rounds of the mixed benchmark: a p99 of 2,000 answers moves by a millisecond from one run to the next. */
const MIX_ROUNDS = Number(process.env.BENCH_MIX_ROUNDS ?? 3);
/** The page's p99 beside the API may be at most this many times its p99 in the control run. */
const CONTROL_GOAL = 1.25;
/** Analytics page views a second, in the mixed benchmark and beside the page's saturation run. */
const BEACON_RATE = 500;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

interface Session {
  url: string;
  token: string;
  email: string;
  password: string;
}

let messages = 0;
const contactBody = () =>
  JSON.stringify({
    name: 'Bench',
    email: 'bench@example.com',
    phoneNumber: '+91 98765 43210',
    message: `load ${messages++}`,
  });
// A fresh client address per request (the server trusts X-Forwarded-For here), so that the per-address
// rate limits measure the API rather than stop the load.
let clients = 0;
const spreadAddress = () => `10.200.${(clients >> 8) & 255}.${clients++ & 255}`;

/** Consenting visitors' page views: each from its own address, as a browser sends them. */
const beacons: Stream = {
  name: 'POST /api/v1/analytics/view',
  rate: BEACON_RATE,
  method: 'POST',
  path: '/api/v1/analytics/view',
  headers: () => ({ 'x-forwarded-for': spreadAddress(), 'user-agent': BROWSER }),
  body: () => JSON.stringify({ path: `${PAGE}?utm_source=bench`, referrer: 'https://search.example/' }),
};

/** The API calls that run beside the page in the mixed benchmark: one more stream is one more entry. */
function apiStreams(s: Session): Stream[] {
  return [
    beacons,
    {
      name: 'GET /api/v1/auth/user',
      rate: 100,
      path: '/api/v1/auth/user',
      headers: () => ({ authorization: `Bearer ${s.token}` }),
    },
    {
      name: 'POST /api/form/contact',
      rate: 20,
      method: 'POST',
      path: '/api/form/contact',
      headers: () => ({ 'x-forwarded-for': spreadAddress() }),
      body: contactBody,
    },
  ];
}

/** A bare node:http server answering every request with the built page's brotli bytes, read once. */
async function startBaseline() {
  const port = await freePort();
  const file = path.join('dist', PAGE, 'index.html.br');
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const b = require('node:fs').readFileSync(${JSON.stringify(file)});
       require('node:http')
         .createServer((q, s) => s.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br', 'content-length': b.length }).end(b))
         .listen(${port}, '127.0.0.1', () => console.log('up'))`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

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

async function signUp(url: string): Promise<Session> {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'bench-password-123';
  const res = await fetch(`${url}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench User', email, password }),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { url, token, email, password };
}

type Row = [target: string, db: string, figures: RunFigures];
interface MixRound {
  alone: StreamFigures;
  /** The page, then each API stream, all against the same server. */
  mixed: StreamFigures[];
  /** The page while the API streams go to a second server. */
  elsewhere: StreamFigures;
}
interface Mix {
  db: string;
  rounds: MixRound[];
  /** The machine's load average (1, 5, 15 minutes) when the rounds ended. */
  load: string;
}

async function saturate(s: Session, db: string, rows: Row[]) {
  const bench = async (name: string, spec: Omit<Parameters<typeof run>[0], 'connections' | 'seconds'>) => {
    process.stderr.write(`${db}: ${name}...\n`);
    rows.push([name, db, await run({ connections, seconds, ...spec })]);
  };
  await bench(`static page GET ${PAGE} (brotli)`, { url: `${s.url}${PAGE}`, headers: { 'accept-encoding': 'br' } });
  await bench('GET /api/health', { url: `${s.url}/api/health` });
  await bench('GET /api/v1/auth/user', {
    url: `${s.url}/api/v1/auth/user`,
    headers: { authorization: `Bearer ${s.token}` },
  });
  await bench('POST /api/form/contact', {
    url: `${s.url}/api/form/contact`,
    method: 'POST',
    body: contactBody,
    spreadClients: true,
  });
  await bench('POST /api/v1/auth/sign-in', {
    url: `${s.url}/api/v1/auth/sign-in`,
    method: 'POST',
    body: () => JSON.stringify({ email: s.email, password: s.password }),
    spreadClients: true,
  });
}

interface BeaconLoad {
  db: string;
  alone: RunFigures;
  beside: RunFigures;
  beacons: StreamFigures;
}

/** The static page's throughput at saturation, alone and beside the steady beacon stream. */
async function besideBeacons(s: Session, db: string): Promise<BeaconLoad> {
  const page = { url: `${s.url}${PAGE}`, headers: { 'accept-encoding': 'br' }, connections, seconds };
  process.stderr.write(`${db}: static page alone, then beside ${BEACON_RATE} beacons/s...\n`);
  const alone = await run(page);
  const [beside, [beaconFigures]] = await Promise.all([run(page), steady(s.url, [beacons], seconds)]);
  return { db, alone, beside, beacons: beaconFigures! };
}

/** The page's steady stream, from a process of its own (scripts/load/page-visitor.ts), as a visitor. */
async function visitPage(url: string, secs: number): Promise<StreamFigures> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/load/page-visitor.ts', url, PAGE, String(PAGE_RATE), String(secs)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the page visitor exited with ${code}`);
  return JSON.parse(out) as StreamFigures;
}

/** `other` is a second server on the same database kind: the API streams' target in the control run. */
async function mix(s: Session, other: Session, db: string): Promise<Mix> {
  process.stderr.write(`${db}: mixed, warming up...\n`);
  await Promise.all([visitPage(s.url, 2), steady(s.url, apiStreams(s), 2), steady(other.url, apiStreams(other), 2)]);
  const rounds: MixRound[] = [];
  for (let round = 1; round <= MIX_ROUNDS; round++) {
    process.stderr.write(`${db}: mixed, round ${round}: alone, beside the API, beside the API of a second server...\n`);
    const alone = await visitPage(s.url, mixSeconds);
    const [page, api] = await Promise.all([visitPage(s.url, mixSeconds), steady(s.url, apiStreams(s), mixSeconds)]);
    const [elsewhere] = await Promise.all([
      visitPage(s.url, mixSeconds),
      steady(other.url, apiStreams(other), mixSeconds),
    ]);
    rounds.push({ alone, mixed: [page, ...api], elsewhere });
  }
  return { db, rounds, load: loadAverage() };
}

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (process.argv[2] === 'outbox') {
  await printOutboxBench();
  process.exit(0);
}

const rows: Row[] = [];
const mixes: Mix[] = [];
const beaconLoads: BeaconLoad[] = [];
const baseline = await startBaseline();
const baselineName = `node:http writing ${PAGE}'s bytes from memory (baseline)`;
process.stderr.write(`${baselineName}...\n`);
rows.push([
  baselineName,
  '-',
  await run({ url: baseline.url, headers: { 'accept-encoding': 'br' }, connections, seconds }),
]);
baseline.stop();

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
      await saturate(session, db, rows);
      beaconLoads.push(await besideBeacons(session, db));
    } finally {
      await main.stop();
    }
  }
} finally {
  await postgres.stop();
}
const argon2 = await argon2PerSecond();

const base = rows[0]![2].rps;
console.log(
  `\nSaturation: autocannon, ${connections} connections, ${seconds} s each, loopback; ${new Date().toISOString()}`,
);
console.log('| target | database | req/s | p50 ms | p99 ms | vs baseline | errors | non-2xx |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const [name, db, f] of rows) {
  console.log(
    `| ${name} | ${db} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${((f.rps / base) * 100).toFixed(1)}% | ${f.errors} | ${f.non2xx} |`,
  );
}

const ms = (v: number) => v.toFixed(2);
const statuses = (f: StreamFigures) =>
  Object.entries(f.statusCounts)
    .map(([code, n]) => `${n}×${code}`)
    .join(' ') + (f.errors ? ` ${f.errors} errors` : '');
console.log(
  `\nMixed: GET ${PAGE} at ${PAGE_RATE} req/s for ${mixSeconds} s, alone, beside steady API streams, and beside the same streams sent to a second server; ${MIX_ROUNDS} rounds`,
);
console.log('| database | round | stream | req/s | p50 ms | p99 ms | max ms | answers |');
console.log('|---|---:|---|---:|---:|---:|---:|---|');
const row = (db: string, round: number, f: StreamFigures, name: string) =>
  console.log(
    `| ${db} | ${round} | ${name} | ${f.rps.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p99)} | ${ms(f.max)} | ${statuses(f)} |`,
  );
for (const m of mixes) {
  m.rounds.forEach((r, i) => {
    row(m.db, i + 1, r.alone, `${r.alone.name}, alone`);
    for (const f of r.mixed) row(m.db, i + 1, f, `${f.name}, mixed`);
    row(m.db, i + 1, r.elsewhere, `${r.elsewhere.name}, API streams to a second server`);
  });
}
for (const m of mixes) {
  const list = (v: number[]) => v.map((x) => `${x.toFixed(2)}×`).join(', ');
  const beside = m.rounds.map((r) => r.mixed[0]!.p99 / r.elsewhere.p99);
  const alone = m.rounds.map((r) => r.mixed[0]!.p99 / r.alone.p99);
  const verdict = median(beside) <= CONTROL_GOAL ? 'met' : 'not met';
  console.log(
    `${m.db}: static page p99 beside the API ÷ its p99 with the API streams sent to a second server (the control) is ${median(beside).toFixed(2)}×, median of ${list(beside)} (goal: at most ${CONTROL_GOAL}×): ${verdict}; beside the API ÷ alone: ${median(alone).toFixed(2)}× (${list(alone)}); load average ${m.load}`,
  );
}
console.log(
  `\nBeacons: GET ${PAGE} at saturation (${connections} connections, ${seconds} s), alone and beside ${BEACON_RATE} analytics page views a second`,
);
console.log(
  '| database | page req/s alone | page req/s beside | ratio | beacons sent/s | beacon p99 ms | beacon answers |',
);
console.log('|---|---:|---:|---:|---:|---:|---|');
for (const b of beaconLoads) {
  const ratio = (b.beside.rps / b.alone.rps) * 100;
  console.log(
    `| ${b.db} | ${b.alone.rps.toFixed(0)} | ${b.beside.rps.toFixed(0)} | ${ratio.toFixed(1)}% | ${b.beacons.rps.toFixed(0)} | ${ms(b.beacons.p99)} | ${statuses(b.beacons)} |`,
  );
}
for (const b of beaconLoads) {
  const ratio = (b.beside.rps / b.alone.rps) * 100;
  console.log(
    `${b.db}: static page throughput beside the beacons is ${ratio.toFixed(1)}% of alone (goal: at least 80%)`,
  );
}
const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
console.log(
  `\nargon2id (m=${memoryCost} KiB, t=${timeCost}, p=${parallelism}) alone, one thread: ${argon2.toFixed(1)} hashes/s`,
);
await printOutboxBench();
