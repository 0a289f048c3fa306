// Stopping the server the ways it is stopped: a process manager's SIGTERM to the npm process of
// `npm run serve`, and Ctrl-C (SIGINT, here twice) on `npm start`. The whole server must end within 10 s,
// the port free, no process left behind, the request in flight answered, and no error trace.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../../src/build/server-bundle.ts';
import { freePort } from '../helpers/server.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';

const run = promisify(execFile);
let dataDir: string;
let smtp: SmtpCatcher;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'stops-'));
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Started {
  npm: ChildProcess;
  port: number;
  output: () => string;
  /** Every process under npm (the shells and Node it started). */
  descendants: number[];
}

async function descendantsOf(pid: number): Promise<number[]> {
  const { stdout } = await run('ps', ['-e', '-o', 'pid=,ppid=']);
  const pairs = stdout
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of pairs)
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function startNpm(script: string, env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const npm = spawn('npm', ['run', script], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  npm.stdout?.on('data', (d) => (out += d));
  npm.stderr?.on('data', (d) => (out += d));
  // A bound for a build on a busy machine, not a measurement.
  const deadline = Date.now() + 400_000;
  while (!out.includes('Serving site and API')) {
    if (npm.exitCode !== null) throw new Error(`npm run ${script} exited with ${npm.exitCode}:\n${out}`);
    if (Date.now() > deadline) throw new Error(`npm run ${script} did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { npm, port, output: () => out, descendants: await descendantsOf(npm.pid!) };
}

/** Sends the signals, then measures how long until npm, and everything under it, is gone. */
async function stop(started: Started, signals: NodeJS.Signals[]) {
  const sent = performance.now();
  const exited = new Promise<number | null>((resolve) => started.npm.once('exit', (code) => resolve(code)));
  for (const signal of signals) started.npm.kill(signal);
  const code = await exited;
  while (started.descendants.some(alive) && performance.now() - sent < 10_000)
    await new Promise((r) => setTimeout(r, 50));
  return { code, seconds: (performance.now() - sent) / 1000 };
}

async function signUp(port: number) {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Stop Test', email: `stop-${port}@example.com`, password: 'stopping-Server-1' }),
  });
  return ((await res.json()) as { token: string }).token;
}

describe('stopping the server', () => {
  it('SIGTERM to the npm process of `npm run serve` finishes the request in flight and ends everything', async () => {
    await bundleServer(process.cwd(), path.resolve('dist-server'));
    const started = await startNpm('serve');
    const token = await signUp(started.port);
    // A request held in flight: its verification mail waits on the SMTP server until released.
    smtp.hold();
    const inFlight = fetch(`http://127.0.0.1:${started.port}/api/v1/auth/verify-otp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    await smtp.held();
    const stopping = stop(started, ['SIGTERM']);
    while (!started.output().includes('SIGTERM: finishing the requests in flight'))
      await new Promise((r) => setTimeout(r, 20));
    smtp.release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    const { seconds } = await stopping;
    console.log(`npm run serve, SIGTERM to npm: everything gone after ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(10);
    expect(started.descendants.filter(alive)).toEqual([]);
    expect(await portOpen(started.port)).toBe(false);
    expect(started.output()).not.toMatch(/Error|\n\s+at .*[:(]/);
  });

  it('SIGINT twice to `npm start` (Ctrl-C pressed twice) ends the build-and-serve within 10 s', async () => {
    const started = await startNpm('start');
    const { seconds } = await stop(started, ['SIGINT', 'SIGINT']);
    console.log(`npm start, SIGINT twice to npm: everything gone after ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(10);
    expect(started.descendants.filter(alive)).toEqual([]);
    expect(await portOpen(started.port)).toBe(false);
    expect(started.output()).not.toMatch(/PGlite is closed|database thread exited|\n\s+at .*[:(]/);
  }, 600_000);
});
