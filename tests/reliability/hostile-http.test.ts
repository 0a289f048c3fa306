// Hostile clients against the `npm start` server process (src/server/main.ts, src/server/core/request-limits.ts):
// request targets that are not paths answer 400 and the server keeps serving; a connection pipelining more
// than it may have pending is answered in order, then closed. Slow and pipelining clients among others:
// http-front.test.ts.
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMiniDist } from '../../scripts/reliability/common.ts';
import { CLIENT_API, IN_HAND, WAITING } from '../../src/server/core/request-limits.ts';
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
  const calls = (target: string) =>
    Array.from({ length: 80 }, (_, i) => `GET ${target}?n=${i} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`).join('');
  const statusesOf = (answer: string) => [...answer.matchAll(/HTTP\/1\.1 (\d+) /g)].map((m) => Number(m[1]));
  const times = (n: number, status: number) => Array.from({ length: n }, () => status);

  it('pages: gets the answers it may have pending in order, then a 503 that closes the connection, and nothing after', async () => {
    const answer = await raw(calls('/'), false);
    expect(statusesOf(answer)).toEqual([...times(IN_HAND + WAITING, 200), 503]);
    expect(answer.slice(answer.lastIndexOf('HTTP/1.1 503'))).toMatch(/connection: close/i);
    expect(await answers('/')).toBe(200);
  });

  it('API calls: its share of open API requests answered, the rest of those it may have pending 503, then the closing 503', async () => {
    const answer = await raw(calls('/api/health'), false);
    expect(statusesOf(answer)).toEqual([...times(CLIENT_API, 200), ...times(IN_HAND + WAITING - CLIENT_API + 1, 503)]);
    expect(answer.slice(answer.lastIndexOf('HTTP/1.1 503'))).toMatch(/connection: close/i);
    expect(await answers('/api/health')).toBe(200);
  });
});
