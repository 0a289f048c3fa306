// Hostile clients against the `npm start` server process (src/server/main.ts, src/server/core/request-limits.ts):
// request targets that are not paths answer 400 and the server keeps serving; a client pipelining 50,000
// API calls on 5 connections for 5 s leaves pages and /api/health answering within 2 s, during and after
// it, and the process grows by at most 200 MB.
import { readFile, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Sends `head` as written on one connection and resolves with everything the server wrote until it closed. */
function raw(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.end(head));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

/** Bytes the server process holds in memory (Linux). */
async function rssBytes(): Promise<number> {
  const status = await readFile(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
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

describe('a client pipelining 50,000 API calls on 5 connections for 5 s', () => {
  it('leaves pages and /api/health answering within 2 s during and after it, in at most 200 MB more', async () => {
    for (let i = 0; i < 20; i++) await answers('/api/health', 30_000);
    const before = await rssBytes();
    let peak = before;
    const request = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
    let answered = 0;
    const flood: Socket[] = Array.from({ length: 5 }, () => {
      const socket = connect(server.port, '127.0.0.1', () => socket.write(request.repeat(10_000)));
      socket.on('data', (d: Buffer) => (answered += d.toString('latin1').split('HTTP/1.1 ').length - 1));
      socket.on('error', () => {});
      return socket;
    });
    const probe = async () => {
      expect(await answers('/')).toBe(200);
      expect(await answers('/api/health')).toBe(200);
      peak = Math.max(peak, await rssBytes());
    };
    const floodEnds = Date.now() + 5_000;
    let during = 0;
    while (Date.now() < floodEnds) {
      await probe();
      during++;
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const socket of flood) socket.destroy();
    // The flood was answered (200s, and 503s beyond the limits), not merely ignored.
    expect(answered).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) {
      await probe();
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(during).toBeGreaterThan(0);
    expect(peak - before).toBeLessThanOrEqual(200 * 1024 * 1024);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);
});
