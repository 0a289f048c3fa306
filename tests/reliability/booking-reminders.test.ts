// Reminders across two server processes on one PostgreSQL: the calls of a day are booked, then the clock
// of two API processes (tests/helpers/clocked-api.ts) is moved past their reminders at once; both claim in
// the same moment, and each call gets one reminder.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeMiniDist, nextIp, sleep } from '../../scripts/reliability/common.ts';
import { callsOfOneWholeDay } from '../helpers/booking-days.ts';
import { killOnExit } from '../helpers/leftovers.ts';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';

const DAY = 86_400_000;

let pg: TestPostgres;
let smtp: SmtpCatcher;
let dist: string;
let work: string;
let env: Record<string, string>;
let server: RunningServer;

beforeAll(async () => {
  [pg, smtp, dist] = await Promise.all([startPostgres(), startSmtpCatcher(), makeMiniDist()]);
  work = await mkdtemp(path.join(tmpdir(), 'reminders-'));
  env = { DATABASE_URL: await pg.createDatabase(), SMTP_URL: smtp.url, DIST_DIR: dist, TRUST_PROXY: 'true' };
  server = await startServer({ env });
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all([pg?.stop(), smtp?.close(), rm(dist, { recursive: true, force: true })]);
  await rm(work, { recursive: true, force: true });
});

interface ClockedApi {
  child: ChildProcess;
  passes(): Promise<number>;
  send(line: string): void;
}

function startClockedApi(name: string): ClockedApi {
  const file = path.join(work, `${name}.passes`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/clocked-api.ts'], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'error', PASSES_FILE: file, ...env },
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  killOnExit(child);
  return {
    child,
    passes: async () => Number((await readFile(file, 'utf8').catch(() => '0')).split(' ')[0]),
    send: (line) => child.stdin!.write(`${line}\n`),
  };
}

/** Waits until the process has run `count` passes (it runs them back to back). */
async function passesOf(p: ClockedApi, count: number): Promise<void> {
  while ((await p.passes()) < count) {
    if (p.child.exitCode !== null) throw new Error(`the clocked API exited with ${p.child.exitCode}`);
    await sleep(50);
  }
}

describe('reminders across two server processes', () => {
  it('go once per call when both processes reach them with the clock moved', async () => {
    const res = await call(server.url, 'GET', '/api/v1/bookings/slots');
    const day = callsOfOneWholeDay(
      res.body.slots.map((s: { start: string }) => s.start),
      Date.now(),
    );
    expect(day.length).toBeGreaterThanOrEqual(6);
    const people = day.map((_, i) => `process-reminder-${i}-${Date.now()}@example.com`);
    for (const [i, start] of day.entries()) {
      const booked = await call(server.url, 'POST', '/api/v1/bookings', {
        body: { start, name: 'Two Processes', email: people[i] },
        ip: nextIp(32),
      });
      expect(booked.status).toBe(201);
    }

    const processes = [startClockedApi('a'), startClockedApi('b')];
    try {
      await Promise.all(processes.map((p) => passesOf(p, 2)));
      expect(smtp.messages.filter((m) => /^Reminder/.test(m.subject))).toHaveLength(0);
      // Both clocks to 5 minutes past the last call's reminder, still before the day's first call.
      const offset = Date.parse(day.at(-1)!) - DAY + 5 * 60_000 - Date.now();
      for (const p of processes) p.send(`advance ${offset}`);
      for (const email of people) {
        await smtp.waitFor((m) => m.to === email && /^Reminder/.test(m.subject), 120_000);
      }
      // Both go on claiming for a few passes more: nothing further is sent.
      await Promise.all(processes.map(async (p) => passesOf(p, (await p.passes()) + 3)));
      for (const email of people) {
        expect(
          smtp.messages.filter((m) => m.to === email && /^Reminder/.test(m.subject)),
          email,
        ).toHaveLength(1);
      }
    } finally {
      for (const p of processes) {
        p.send('stop');
        p.child.stdin!.end();
      }
      await Promise.all(
        processes.map((p) =>
          p.child.exitCode === null ? new Promise((resolve) => p.child.once('exit', resolve)) : undefined,
        ),
      );
    }
  });
});
