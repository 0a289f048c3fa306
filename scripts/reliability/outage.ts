// The outage run: the `npm start` server on a PostgreSQL server under steady load (the current-user call,
// contact posts and page views, whose batches are written by a timer in transactions of their own), straight or through PgBouncer in transaction mode (`pooler`); PostgreSQL is stopped,
// then started again. Measures: statuses and the slowest answer during the outage (503s, quickly: no hang,
// no 500), /api/health during it, the time from PostgreSQL being back until the API answers 200 again
// without restarting the API, and then how long the server takes to stop on SIGTERM (a pool client never
// given back makes it wait for good: it is killed after STOP_WAIT_MS and reported as not stopped).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPgBouncer, type TestPgBouncer } from '../../tests/helpers/pgbouncer.ts';
import { startPostgres } from '../../tests/helpers/postgres.ts';
import { startServer } from '../../tests/helpers/server.ts';
import { BROWSER, call, enquiry, nextIp, percentile, sleep, type Answer } from './common.ts';
import { removeOnExit } from '../../tests/helpers/leftovers.ts';

export interface OutageOptions {
  distDir: string;
  beforeMs?: number;
  outageMs?: number;
  afterMs?: number;
  workers?: number;
  /** Through PgBouncer in transaction mode (what Neon's and Supabase's pooled endpoints are). */
  pooler?: boolean;
  log?: (line: string) => void;
}

export interface PhaseFigures {
  requests: number;
  statuses: Record<string, number>;
  p50Ms: number;
  maxMs: number;
}

export interface OutageFigures {
  before: PhaseFigures;
  during: PhaseFigures;
  /** From PostgreSQL's start until the API answers again. */
  recovering: PhaseFigures;
  after: PhaseFigures;
  healthDuring: { status: number; body: unknown; ms: number };
  /** From `pg_ctl start` returning to the first 200 of /api/health and of the current-user call. */
  healthRecoveryMs: number;
  userRecoveryMs: number;
  /** Any 500, or any call without an HTTP answer, in any phase. */
  serverErrors: number;
  /** The server's exit code if it died (it must not), and the end of its output. */
  serverExit: number | null;
  serverOutputTail: string;
  /** From SIGTERM to the server's exit, after the run; null when it had not stopped after STOP_WAIT_MS. */
  stopMs: number | null;
  /** The server's exit code after SIGTERM (0 expected). */
  stopExit: number | null;
}

/** How long the run waits for the server to stop on SIGTERM before it kills it. */
const STOP_WAIT_MS = 30_000;

/** Sends SIGTERM and measures the time to exit; kills the server when it has not stopped in STOP_WAIT_MS. */
async function stopTimed(server: Awaited<ReturnType<typeof startServer>>) {
  if (server.child.exitCode !== null || server.child.signalCode !== null)
    return { stopMs: null, stopExit: server.child.exitCode };
  const started = performance.now();
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  const code = await Promise.race([exited, sleep(STOP_WAIT_MS).then(() => 'running' as const)]);
  if (code !== 'running') return { stopMs: performance.now() - started, stopExit: code };
  await server.stop('SIGKILL');
  return { stopMs: null, stopExit: null };
}

type Phase = 'before' | 'during' | 'recovering' | 'after';
const MAX_REQUESTS = 50_000;

function figures(answers: Answer[]): PhaseFigures {
  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.error ?? String(a.status)] = (statuses[a.error ?? String(a.status)] ?? 0) + 1;
  const ms = answers.map((a) => a.ms);
  return { requests: answers.length, statuses, p50Ms: percentile(ms, 50), maxMs: ms.length ? Math.max(...ms) : 0 };
}

export async function outageRun(opts: OutageOptions): Promise<OutageFigures> {
  const log = opts.log ?? (() => {});
  const pg = await startPostgres();
  const dataDir = removeOnExit(await mkdtemp(path.join(tmpdir(), 'rel-outage-')));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let bouncer: TestPgBouncer | undefined;
  try {
    const database = 'outage';
    const direct = await pg.createDatabase(database);
    if (opts.pooler) bouncer = await startPgBouncer(pg.port);
    const databaseUrl = bouncer ? bouncer.url(database) : direct;
    server = await startServer({
      env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DIST_DIR: opts.distDir, TRUST_PROXY: 'true' },
    });
    const base = server.url;
    const signup = await call(base, 'POST', '/api/v1/auth/signup', {
      body: { name: 'Outage User', email: `outage-${Date.now()}@example.com`, password: 'outage-password-123' },
    });
    if (signup.status !== 201) throw new Error(`signup failed: ${signup.status}`);
    const token = signup.body.token as string;

    let phase: Phase = 'before';
    let stop = false;
    let sent = 0;
    let pgBackAt = 0;
    let userRecoveryMs = -1;
    const answers: Record<Phase, Answer[]> = { before: [], during: [], recovering: [], after: [] };
    const worker = async (w: number) => {
      for (let i = 0; !stop && sent < MAX_REQUESTS; i++) {
        sent++;
        const at = phase;
        const a =
          w % 3 === 0
            ? await call(base, 'GET', '/api/v1/auth/user', { token, timeoutMs: 15_000 })
            : w % 3 === 1
              ? await call(base, 'POST', '/api/form/contact', {
                  body: enquiry(`outage ${w}-${i}`),
                  ip: nextIp(13),
                  timeoutMs: 15_000,
                })
              : await call(base, 'POST', '/api/v1/analytics/view', {
                  body: { path: '/' },
                  ip: nextIp(14),
                  headers: BROWSER,
                  timeoutMs: 15_000,
                });
        answers[at].push(a);
        if (w % 3 === 0 && a.status === 200 && pgBackAt && userRecoveryMs < 0)
          userRecoveryMs = performance.now() - pgBackAt;
        if (at !== 'before' && at !== 'after') await sleep(20);
      }
    };
    const running = Array.from({ length: opts.workers ?? 8 }, (_, w) => worker(w));

    await sleep(opts.beforeMs ?? 1_500);
    log('stopping PostgreSQL');
    await pg.pause();
    phase = 'during';
    await sleep(500);
    const health = await call(base, 'GET', '/api/health');
    log(`health during the outage: ${health.status} ${JSON.stringify(health.body)} in ${health.ms.toFixed(0)} ms`);
    await sleep(Math.max(0, (opts.outageMs ?? 3_000) - 500));

    log('starting PostgreSQL');
    await pg.start();
    pgBackAt = performance.now();
    phase = 'recovering';
    let healthRecoveryMs = -1;
    for (let i = 0; i < 300 && performance.now() - pgBackAt < 30_000; i++) {
      const h = await call(base, 'GET', '/api/health', { timeoutMs: 5_000 });
      if (h.status === 200) {
        healthRecoveryMs = performance.now() - pgBackAt;
        break;
      }
      await sleep(50);
    }
    for (let i = 0; i < 300 && userRecoveryMs < 0 && performance.now() - pgBackAt < 30_000; i++) await sleep(50);
    log(
      `recovered: health after ${healthRecoveryMs.toFixed(0)} ms, current-user call after ${userRecoveryMs.toFixed(0)} ms`,
    );
    phase = 'after';
    await sleep(opts.afterMs ?? 1_500);
    stop = true;
    await Promise.all(running);

    const all = Object.values(answers).flat();
    const serverExit = server.child.exitCode;
    const serverOutputTail = server.output().slice(-2000);
    const stopped = await stopTimed(server);
    log(
      `SIGTERM after the run: ${stopped.stopMs === null ? 'not stopped' : `stopped in ${stopped.stopMs.toFixed(0)} ms`}`,
    );
    return {
      before: figures(answers.before),
      during: figures(answers.during),
      recovering: figures(answers.recovering),
      after: figures(answers.after),
      healthDuring: { status: health.status, body: health.body, ms: health.ms },
      healthRecoveryMs,
      userRecoveryMs,
      serverExit,
      serverOutputTail,
      ...stopped,
      serverErrors: all.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503)).length,
    };
  } finally {
    await server?.stop('SIGKILL');
    await bouncer?.stop();
    await pg.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
