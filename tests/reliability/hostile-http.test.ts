// Hostile clients against the `npm start` server process (src/server/main.ts, src/server/core/request-limits.ts):
// request targets that are not paths answer 400 and the server keeps serving; a client pipelining 50,000
// API calls on 5 connections for 5 s leaves pages and /api/health answering within 2 s, during and after
// it, and the process grows by at most 200 MB.
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelinedFlood } from '../../scripts/load/pipelined-flood.ts';
import { makeMiniDist } from '../../scripts/reliability/common.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let dist: string;
let server: RunningServer;
beforeAll(async () => {
  dist = await makeMiniDist();
  server = await startServer({ env: { DIST_DIR: dist, DATA_DIR: path.join(dist, 'data') } });
});
afterAll(async () => {
  await server?.stop();
  await rm(dist, { recursive: true, force: true });
});

/**
 * Sends `head` as written on one connection and resolves with everything the server wrote until it closed
 * the connection; `end`: the client closes its side once it has sent (else it waits for the server).
 */
function raw(head: string, end = true): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => (end ? socket.end(head) : socket.write(head)));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

/** One answer on a fresh connection, within `ms` (the bound of the contract, not a measurement). */
async function answers(urlPath: string, ms = 2_000): Promise<number> {
  const res = await fetch(server.url + urlPath, { signal: AbortSignal.timeout(ms) });
  await res.arrayBuffer();
  return res.status;
}

describe('a request target that is not a path', () => {
  it.each(['//', '///', '//@', '//[', 'http://[::1/'])(
    '%s answers 400 in JSON, and the server keeps serving',
    async (target) => {
      const answer = await raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toMatch(/content-type: application\/json/i);
      expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(
        JSON.stringify({ success: false, message: 'The request target must be a path' }),
      );
      expect(await answers('/api/health')).toBe(200);
      expect(await answers('/')).toBe(200);
      expect(server.child.exitCode).toBeNull();
    },
  );
});

describe('one connection pipelining more than it may have open', () => {
  it('gets its first 64 answers in order, then a 503 that closes the connection, and nothing after', async () => {
    const calls = Array.from({ length: 80 }, (_, i) => `GET /api/health?n=${i} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    const answer = await raw(calls.join(''), false);
    const statuses = [...answer.matchAll(/HTTP\/1\.1 (\d+) /g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([...Array.from({ length: 64 }, () => 200), 503]);
    expect(answer.slice(answer.lastIndexOf('HTTP/1.1 503'))).toMatch(/connection: close/i);
    expect(await answers('/api/health')).toBe(200);
  });
});

describe('a client pipelining 50,000 API calls on 5 connections for 5 s', () => {
  it('leaves pages and /api/health answering within 2 s during and after it, in at most 200 MB more', async () => {
    for (let i = 0; i < 20; i++) expect(await answers('/api/health', 30_000)).toBe(200);
    const flood = await pipelinedFlood({
      url: server.url,
      pid: server.child.pid!,
      page: '/',
      requests: 50_000,
      connections: 5,
      seconds: 5,
      probesAfter: 10,
      probeTimeoutMs: 2_000,
    });
    const failed = flood.probes.filter((p) => p.status !== 200);
    expect(failed).toEqual([]);
    expect(flood.probes.filter((p) => p.when === 'during').length).toBeGreaterThan(0);
    // The flood was answered (200s, and 503s beyond the limits), not merely ignored.
    expect(flood.answered).toBeGreaterThan(0);
    expect(flood.rssPeakMb - flood.rssBeforeMb).toBeLessThanOrEqual(200);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);
});
