// The `npm start` server (src/server/main.ts) over real HTTP: API request bodies that arrive
// in pieces, answers given before a body was read, and whole answers with their length.
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

let dataDir: string;
let server: RunningServer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'server-http-'));
  const databaseUrl = await freshDatabaseUrl();
  server = await startServer({ env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** One request on `agent`; `pieces` are written one by one, chunked (no Content-Length) unless `length`. */
function send(
  agent: http.Agent,
  method: string,
  url: string,
  pieces: string[],
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.url}${url}`, { method, agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    const write = (i: number) => {
      if (i === pieces.length) return void req.end();
      req.write(pieces[i]!, () => setImmediate(() => write(i + 1)));
    };
    write(0);
  });
}

describe('the server over HTTP', () => {
  it('receives a body that arrives in pieces, without a Content-Length', async () => {
    const agent = new http.Agent({ keepAlive: true });
    const body = JSON.stringify({ name: 'Chunked Body', email: 'chunked@example.com', password: 'in-pieces-42' });
    const pieces = [body.slice(0, 10), body.slice(10, 30), body.slice(30)];
    const signup = await send(agent, 'POST', '/api/v1/auth/signup', pieces, { 'content-type': 'application/json' });
    expect(signup.headers['transfer-encoding']).toBeUndefined(); // the answer is whole: it has a length
    expect(signup.status, signup.body).toBe(201);
    const signIn = await send(
      agent,
      'POST',
      '/api/v1/auth/sign-in',
      [JSON.stringify({ email: 'chunked@example.com', password: 'in-pieces-42' })],
      { 'content-type': 'application/json' },
    );
    expect(signIn.status).toBe(200);
    expect(Number(signIn.headers['content-length'])).toBe(Buffer.byteLength(signIn.body));
    agent.destroy();
  });

  it('answers a body too large before reading it, and the client can go on', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const huge = 'x'.repeat(2 * 1024 * 1024);
    const declared: Record<string, string>[] = [{ 'content-length': String(huge.length) }, {}];
    for (const headers of declared) {
      const tooLarge = await send(agent, 'POST', '/api/v1/auth/signup', [huge.slice(0, 65536), huge.slice(65536)], {
        'content-type': 'application/json',
        ...headers,
      });
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.body)).toMatchObject({ success: false });
      // The next request on the same agent: the connection was either read to its end or closed with
      // the answer (Connection: close), never left half-read.
      const health = await send(agent, 'GET', '/api/health', []);
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toEqual({ status: 'ok', db: 'up' });
    }
    agent.destroy();
  });
});
