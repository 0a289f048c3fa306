// The HTTP front of the `npm start` server process (src/server/main.ts, src/server/core/request-limits.ts)
// against one hostile address, while others use the site: its slow request bodies hold at most its own
// share of the open API requests and end with 408 after 30 s; its pipelined 40 MB burst is read no faster
// than it is answered; and `/%61pi/`, which the router takes for `/api/`, is counted as `/api/`.
// The server trusts X-Forwarded-For (TRUST_PROXY=true), so each client is an address of its own.
import { rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floodRequest, pipelinedFlood } from '../../scripts/load/pipelined-flood.ts';
import {
  type Answer,
  call,
  enquiry,
  makeMiniDist,
  nextIp,
  percentile,
  sleep,
} from '../../scripts/reliability/common.ts';
import { CLIENT_API } from '../../src/server/core/request-limits.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let dist: string;
let server: RunningServer;
beforeAll(async () => {
  dist = await makeMiniDist();
  server = await startServer({ env: { DIST_DIR: dist, DATA_DIR: path.join(dist, 'data'), TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await server?.stop();
  await rm(dist, { recursive: true, force: true });
});

interface Held {
  socket: Socket;
  opened: number;
  /** When the server closed the connection (performance.now()), once it has. */
  closed?: number;
  /** Everything the server wrote. */
  text: string;
  /** The statuses of the answers in `text`, in order. */
  statuses(): number[];
  ended: Promise<void>;
}

/**
 * A request whose headers go at once and whose body never comes whole: `Content-Length` promises 2,000
 * bytes, and one byte is sent every `everyMs` until the server closes the connection.
 */
function slowBody(target: string, from: string, everyMs = 3_000): Promise<Held> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    let drip: NodeJS.Timeout | undefined;
    let done!: () => void;
    const held: Held = {
      socket,
      opened: performance.now(),
      text: '',
      statuses: () => [...held.text.matchAll(/HTTP\/1\.1 (\d+) /g)].map((m) => Number(m[1])),
      ended: new Promise<void>((r) => (done = r)),
    };
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (held.text += d));
    socket.on('close', () => {
      clearInterval(drip);
      held.closed ??= performance.now();
      done();
    });
    socket.on('error', () => {});
    socket.once('connect', () => {
      const head = [
        `POST ${target} HTTP/1.1`,
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Content-Length: 2000',
        `X-Forwarded-For: ${from}`,
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n{`, () => resolve(held));
      drip = setInterval(() => socket.write(' '), everyMs);
    });
    socket.once('error', reject);
  });
}

/**
 * Resolves once `check` holds, polling, or after `ms` (a generous bound, not a measurement): what the test
 * asserts next says whether it came.
 */
async function until(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await sleep(50);
}

describe('the open API requests a client may hold are counted on the path the router sees', () => {
  it('`/%61pi/` is the API: one address holding its share through it gets 503 there and on /api, others 200', async () => {
    const hog = nextIp(60);
    // The share held half through each spelling; the bodies never come, so the requests stay open.
    const held = await Promise.all(
      Array.from({ length: CLIENT_API }, (_, i) => slowBody(i % 2 ? '/%61pi/form/contact' : '/api/form/contact', hog)),
    );
    try {
      // Each held request has reached the limits once the share is full: poll until it is.
      await until(async () => (await call(server.url, 'GET', '/%61pi/health', { ip: hog })).status === 503);
      for (const target of ['/api/health', '/%61pi/health', '/%61%70%69/health']) {
        const refused = await call(server.url, 'GET', target, { ip: hog });
        expect(refused.status, target).toBe(503);
        expect(refused.body).toEqual({ success: false, message: 'The server is busy. Please try again shortly.' });
      }
      const other = await call(server.url, 'GET', '/%61pi/health', { ip: nextIp(61) });
      expect(other.status).toBe(200);
      expect(other.body).toMatchObject({ status: 'ok' });
      // Pages are not API requests.
      expect((await call(server.url, 'GET', '/', { ip: hog })).status).toBe(200);
    } finally {
      for (const h of held) h.socket.destroy();
    }
    await until(async () => (await call(server.url, 'GET', '/%61pi/health', { ip: hog })).status === 200);
    expect((await call(server.url, 'GET', '/%61pi/health', { ip: hog })).status).toBe(200);
  });
});

describe('one address sending request bodies a byte every 3 s on 300 connections', () => {
  it('holds its own share only: others sign in, post enquiries and read /api/health; its requests end with 408 after 30 s', async () => {
    const email = `front-${Date.now()}@example.com`;
    const password = 'front-door-pw-1';
    const signUp = await call(server.url, 'POST', '/api/v1/auth/signup', {
      body: { name: 'Front', email, password },
      ip: nextIp(62),
    });
    expect(signUp.status).toBe(201);

    const attacker = nextIp(63);
    const slow: Held[] = [];
    for (let i = 0; i < 300; i++) slow.push(await slowBody('/api/form/contact', attacker));
    // Every one of its requests has reached the limits once it has an answer or is held: the 503s beyond its
    // share come at once, so wait for all 300 - CLIENT_API of them.
    await until(() => slow.filter((h) => h.statuses().includes(503)).length === 300 - CLIENT_API, 30_000);

    // Others, each from an address of its own, for 10 s while the attack goes on.
    const others: { what: string; answer: Answer }[] = [];
    const ends = Date.now() + 10_000;
    let n = 0;
    while (Date.now() < ends) {
      const round = await Promise.all([
        call(server.url, 'GET', '/api/health', { ip: nextIp(64) }),
        call(server.url, 'POST', '/api/v1/auth/sign-in', { body: { email, password }, ip: nextIp(64) }),
        call(server.url, 'POST', '/api/form/contact', { body: enquiry(`front ${n++}`), ip: nextIp(64) }),
      ]);
      others.push(
        { what: 'health', answer: round[0] },
        { what: 'sign-in', answer: round[1] },
        { what: 'contact', answer: round[2] },
      );
    }
    const expected: Record<string, number> = { health: 200, 'sign-in': 200, contact: 201 };
    const wrong = others.filter((o) => o.answer.status !== expected[o.what]).map((o) => `${o.what} ${o.answer.status}`);
    expect(wrong).toEqual([]);
    const p95 = percentile(
      others.map((o) => o.answer.ms),
      95,
    );
    console.log(
      `slow bodies: ${others.length} answers to others during the attack, p95 ${p95.toFixed(0)} ms, ` +
        `max ${Math.max(...others.map((o) => o.answer.ms)).toFixed(0)} ms`,
    );
    expect(p95).toBeLessThanOrEqual(2_000);

    // The requests it holds are cut by the server's request timeout: 408, connection closed. Those refused
    // at once got their 503 first; their bodies never end either.
    await Promise.all(slow.map((h) => h.ended));
    const lasted = slow.map((h) => (h.closed! - h.opened) / 1000);
    console.log(
      `slow bodies: closed by the server after ${Math.min(...lasted).toFixed(1)}-${Math.max(...lasted).toFixed(1)} s`,
    );
    const shapes = new Map<string, number>();
    for (const h of slow) shapes.set(h.statuses().join(','), (shapes.get(h.statuses().join(',')) ?? 0) + 1);
    expect(Object.fromEntries(shapes)).toEqual({ '408': CLIENT_API, '503,408': 300 - CLIENT_API });
    for (const s of lasted) {
      expect(s).toBeGreaterThanOrEqual(29);
      expect(s).toBeLessThanOrEqual(45);
    }
    expect(server.child.exitCode).toBeNull();
  }, 180_000);
});

describe('a 40 MB burst of pipelined GET /api/health on 100 connections from one address', () => {
  it('leaves pages and /api/health answering others within 2 s, during and after it, in at most 300 MB more', async () => {
    for (let i = 0; i < 20; i++) expect((await call(server.url, 'GET', '/api/health')).status).toBe(200);
    const forwardedFor = nextIp(65);
    const flood = await pipelinedFlood({
      url: server.url,
      pid: server.child.pid!,
      page: '/',
      requests: Math.ceil((40 * 2 ** 20) / floodRequest('127.0.0.1', forwardedFor).length),
      connections: 100,
      seconds: 10,
      probesAfter: 10,
      probeTimeoutMs: 2_000,
      forwardedFor,
    });
    const during = flood.probes.filter((p) => p.when === 'during');
    console.log(
      `pipelined burst: ${flood.answered} answers to the burst; probes during ${during.length}, slowest ` +
        `${Math.max(...flood.probes.map((p) => p.ms)).toFixed(0)} ms; RSS ${flood.rssBeforeMb.toFixed(0)} MB before, ` +
        `${flood.rssPeakMb.toFixed(0)} MB at most, ${flood.rssAfterMb.toFixed(0)} MB after`,
    );
    expect(flood.probes.filter((p) => p.status !== 200)).toEqual([]);
    expect(during.length).toBeGreaterThan(0);
    expect(flood.answered).toBeGreaterThan(0);
    expect(flood.rssPeakMb - flood.rssBeforeMb).toBeLessThanOrEqual(300);
    expect(server.child.exitCode).toBeNull();
  }, 180_000);
});
