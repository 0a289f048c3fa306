// The production front of docs/deploy.md: Debian's nginx running deploy/nginx.conf (tests/helpers/nginx.ts)
// in front of two `npm start` processes (TRUST_PROXY=true) on one PostgreSQL. Plain HTTP goes to HTTPS,
// answers carry HSTS, both instances serve, the instances key their limits on the address nginx saw; a slow
// client and a pipelined burst hold no one else up; a kill -9 of one instance loses no acknowledged enquiry.
// Each client is a loopback address of its own (Linux answers every 127.x.y.z), as nginx sees it.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiry, makeMiniDist, percentile, sleep, storedMessages } from '../../scripts/reliability/common.ts';
import { startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let pg: TestPostgres;
let databaseUrl: string;
let dist: string;
let a: RunningServer;
let b: RunningServer;
let nginx: RunningNginx;

beforeAll(async () => {
  [pg, dist] = await Promise.all([startPostgres(), makeMiniDist()]);
  databaseUrl = await pg.createDatabase();
  // LOG_LEVEL=info: each instance logs the requests it answered.
  const env = { DATABASE_URL: databaseUrl, DIST_DIR: dist, TRUST_PROXY: 'true', LOG_LEVEL: 'info' };
  a = await startServer({ env });
  b = await startServer({ env });
  nginx = await startNginx([a.port, b.port]);
}, 240_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await Promise.all([pg?.stop(), dist && rm(dist, { recursive: true, force: true })]);
});

let clients = 0;
/** A loopback address no other call of this file uses: a client of its own. */
function nextClient(): string {
  clients++;
  return `127.${100 + ((clients >> 16) & 127)}.${(clients >> 8) & 255}.${clients & 255}`;
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  ms: number;
}

/** One request to nginx over HTTPS (or plain HTTP), on a connection of its own, from `from`. */
function send(
  urlPath: string,
  opts: { method?: string; body?: unknown; from?: string; headers?: Record<string, string>; plain?: boolean } = {},
): Promise<Reply> {
  const started = performance.now();
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { host: 'localhost', ...opts.headers };
  if (body) headers['content-type'] = 'application/json';
  return new Promise((resolve) => {
    const options = {
      host: '127.0.0.1',
      port: opts.plain ? nginx.httpPort : nginx.httpsPort,
      path: urlPath,
      method: opts.method ?? 'GET',
      headers,
      localAddress: opts.from ?? nextClient(),
      agent: false,
      timeout: 15_000,
      ...(opts.plain ? {} : { ca: nginx.ca, servername: 'localhost' }),
    };
    const req = (opts.plain ? httpRequest : httpsRequest)(options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, text, ms: performance.now() - started }),
      );
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: 0, headers: {}, text: err.message, ms: performance.now() - started }));
    req.end(body);
  });
}

/** A TLS connection to nginx from `from`, which writes `head` at once. */
function tlsWrite(head: string, from: string): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const tcp = connect({ host: '127.0.0.1', port: nginx.httpsPort, localAddress: from });
    const socket = tlsConnect({ socket: tcp, servername: 'localhost', ca: nginx.ca }, () =>
      socket.write(head, () => resolve(socket)),
    );
    socket.on('data', () => {});
    socket.once('error', reject);
  });
}

/** Others' calls for `ms`, each from an address of its own: every answer and its time. */
async function othersFor(ms: number): Promise<Reply[]> {
  const replies: Reply[] = [];
  const ends = Date.now() + ms;
  let n = 0;
  while (Date.now() < ends) {
    replies.push(
      ...(await Promise.all([
        send('/api/health'),
        send('/'),
        send('/api/form/contact', { method: 'POST', body: enquiry(`nginx other ${n++}`) }),
      ])),
    );
  }
  return replies;
}

const requestsIn = (server: RunningServer, line: RegExp) =>
  server
    .output()
    .split('\n')
    .filter((l) => line.test(l)).length;

describe('nginx in front of two instances', () => {
  it('sends plain HTTP to HTTPS, answers with HSTS, and spreads requests over both instances', async () => {
    const plain = await send('/projects?from=plain', { plain: true });
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe(`https://localhost:${nginx.httpsPort}/projects?from=plain`);

    const before = [a, b].map((s) => requestsIn(s, /\/api\/health/));
    for (let i = 0; i < 20; i++) {
      const reply = await send('/api/health');
      expect(reply.status).toBe(200);
      expect(reply.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
    const page = await send('/projects');
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const after = [a, b].map((s) => requestsIn(s, /\/api\/health/));
    console.log(
      `nginx: 20 health calls answered by the instances ${after[0]! - before[0]!} and ${after[1]! - before[1]!}`,
    );
    expect(after[0]! - before[0]!).toBeGreaterThan(0);
    expect(after[1]! - before[1]!).toBeGreaterThan(0);
  });

  it('the instances key their limits on the address nginx saw, not on the X-Forwarded-For a client sends', async () => {
    const from = nextClient();
    // Contact: 5 enquiries an address in a window; each of these claims another address.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const reply = await send('/api/form/contact', {
        method: 'POST',
        body: enquiry(`nginx forged ${i}`),
        from,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(reply.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await send('/api/form/contact', { method: 'POST', body: enquiry('nginx another') })).status).toBe(201);
  });

  it('300 connections sending request bodies a byte every 3 s hold no one else up', async () => {
    const from = nextClient();
    const head =
      'POST /api/form/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2000\r\n\r\n{';
    const slow: TLSSocket[] = [];
    for (let i = 0; i < 300; i++) slow.push(await tlsWrite(head, from));
    const drip = setInterval(() => {
      for (const s of slow) s.write(' ');
    }, 3_000);
    try {
      const replies = await othersFor(8_000);
      const wrong = replies.filter((r) => r.status !== 200 && r.status !== 201).map((r) => `${r.status} ${r.text}`);
      expect(wrong).toEqual([]);
      const p95 = percentile(
        replies.map((r) => r.ms),
        95,
      );
      console.log(`nginx, slow bodies: ${replies.length} answers to others, p95 ${p95.toFixed(0)} ms`);
      expect(p95).toBeLessThanOrEqual(2_000);
      // nginx holds the unfinished bodies: the instances have none of them open, so the same address is served.
      expect((await send('/api/health', { from })).status).toBe(200);
    } finally {
      clearInterval(drip);
      for (const s of slow) s.destroy();
    }
  }, 120_000);

  it('a pipelined burst (8 MB of GET /api/health on 20 connections) holds no one else up', async () => {
    const from = nextClient();
    const one = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n';
    const burst = one.repeat(Math.ceil((8 * 2 ** 20) / one.length / 20));
    const sockets = await Promise.all(Array.from({ length: 20 }, () => tlsWrite(burst, from)));
    try {
      const replies = await othersFor(8_000);
      const wrong = replies.filter((r) => r.status !== 200 && r.status !== 201).map((r) => `${r.status} ${r.text}`);
      expect(wrong).toEqual([]);
      const slowest = Math.max(...replies.map((r) => r.ms));
      console.log(`nginx, pipelined burst: ${replies.length} answers to others, slowest ${slowest.toFixed(0)} ms`);
      expect(slowest).toBeLessThanOrEqual(2_000);
    } finally {
      for (const s of sockets) s.destroy();
    }
  }, 120_000);

  it('a kill -9 of one instance under enquiries loses no acknowledged one, and the other serves on', async () => {
    const prefix = `nginx kill ${Date.now()}`;
    const acknowledged: string[] = [];
    const failed: string[] = [];
    let killed = false;
    let n = 0;
    const ends = Date.now() + 8_000;
    const client = async () => {
      while (Date.now() < ends) {
        const message = `${prefix} ${n++}`;
        const reply = await send('/api/form/contact', { method: 'POST', body: enquiry(message) });
        if (reply.status === 201) acknowledged.push(message);
        else failed.push(`${killed ? 'after' : 'before'} the kill: ${reply.status} ${reply.text.slice(0, 80)}`);
      }
    };
    const clients = Array.from({ length: 8 }, client);
    // The kill lands once enquiries are flowing through both instances, not after a fixed time.
    while (acknowledged.length < 100 && Date.now() < ends) await sleep(20);
    a.child.kill('SIGKILL');
    killed = true;
    await Promise.all(clients);
    const health = await send('/api/health');
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThanOrEqual(2_000);

    const stored = await storedMessages({ databaseUrl }, prefix);
    const lost = acknowledged.filter((m) => !stored.has(m));
    console.log(
      `nginx, kill -9: ${acknowledged.length} enquiries acknowledged, ${stored.size} stored, ${lost.length} lost; ` +
        `not acknowledged: ${failed.length}${failed.length ? ` (${failed[0]})` : ''}`,
    );
    expect(lost).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(0);
    // Only the requests an instance had in hand as it died may go unanswered (one per client at most).
    expect(failed.length).toBeLessThanOrEqual(8);
    for (const f of failed) expect(f).toMatch(/^after the kill: 503 \{"success":false,"message":"The server is busy/);
    expect(b.child.exitCode).toBeNull();
  }, 120_000);
});
