// Part 2 of `npm run bench` (scripts/bench.ts), mixed: the static page's latency at a steady rate alone,
// then while steady streams of API calls run beside it (does the API slow the pages down?), then while the
// same streams go to a second server (the control: the share of the machine itself, two cores shared by
// the load and the servers), in MIX_ROUNDS rounds; the goal: the page's p99 beside the API at most 1.25×
// the control's, printed per database with the load average.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { ms, statuses, steady, type Stream, type StreamFigures } from './steady.ts';
import { beacons, contactBody, PAGE, spreadAddress, type Session } from './workload.ts';

const mixSeconds = Number(process.env.BENCH_MIX_SECONDS ?? 10);
/** The static page's steady rate in the mixed benchmark, alone and beside the API streams. */
const PAGE_RATE = 200;
/** Rounds of the mixed benchmark (the goal is judged on their median): a p99 of 2,000 answers moves by a millisecond from one round to the next. */
const MIX_ROUNDS = Number(process.env.BENCH_MIX_ROUNDS ?? 5);
/** The page's p99 beside the API may be at most this many times its p99 in the control run. */
const CONTROL_GOAL = 1.25;

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

interface MixRound {
  alone: StreamFigures;
  /** The page, then each API stream, all against the same server. */
  mixed: StreamFigures[];
  /** The page while the API streams go to a second server. */
  elsewhere: StreamFigures;
}
export interface Mix {
  db: string;
  rounds: MixRound[];
  /** The machine's load average (1, 5, 15 minutes) when the rounds ended. */
  load: string;
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
export async function mix(s: Session, other: Session, db: string): Promise<Mix> {
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

export function printMixed(mixes: Mix[]) {
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
}
