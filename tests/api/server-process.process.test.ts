// The real `npm run serve` process over HTTP, and the admin CLI beside it.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, freshDatabaseUrl } from '../helpers/api.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

const run = promisify(execFile);
let dataDir: string;
let env: Record<string, string>;
let server: RunningServer;

const admin = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
    env: { ...process.env, ...env, NODE_ENV: 'test' },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'api-server-'));
  const databaseUrl = await freshDatabaseUrl();
  env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  server = await startServer({ env });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(`${server.url}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

describe('the server process', () => {
  it('serves health, signup, sign-in and the current user over HTTP', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'up' });
    const signup = await post('/v1/auth/signup', {
      name: 'Http User',
      email: 'http@example.com',
      password: 'over-the-wire',
    });
    expect(signup.status).toBe(201);
    const signIn = await post('/v1/auth/sign-in', { email: 'http@example.com', password: 'over-the-wire' });
    expect(signIn.status).toBe(200);
    const me = await fetch(`${server.url}/api/v1/auth/user`, {
      headers: { authorization: `Bearer ${signIn.body.token}` },
    });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    const big = await fetch(`${server.url}/api/form/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(20_000) }),
    });
    expect(big.status).toBe(413);
  });

  it('judges a bodiless DELETE from a browser by its headers, not by the socket stream', async () => {
    const signIn = await post('/v1/auth/sign-in', { email: 'http@example.com', password: 'over-the-wire' });
    const res = await fetch(`${server.url}/api/v1/admin/user/delete/00000000-0000-0000-0000-000000000000`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${signIn.body.token}` },
    });
    // Reaches the admin check (403 for a plain user) instead of stopping at the JSON-body gate (415).
    expect(res.status).toBe(403);
    const text = await fetch(`${server.url}/api/form/contact`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(text.status).toBe(415);
  });

  it('keys rate limits on the socket address', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++)
      last = (await post('/v1/auth/sign-in', { email: 'http@example.com', password: 'wrong-password' })).status;
    expect(last).toBe(429);
  });

  it('the admin CLI refuses the embedded database while the server holds it, and shares a PostgreSQL one', async () => {
    const beside = await admin('list');
    if (dbKind === 'pglite') {
      expect(beside.code).toBe(1);
      expect(beside.out).toMatch(/in use by process \d+/);
      expect(beside.out).toMatch(/DATABASE_URL/);
    } else {
      expect(beside).toEqual({ code: 0, out: expect.stringContaining('http@example.com') });
    }
  });

  it('the admin CLI promotes and lists once it may open the database, and keeps the last admin', async () => {
    if (dbKind === 'pglite') await server.stop();
    const promote = await admin('promote', 'HTTP@example.com');
    expect(promote).toEqual({ code: 0, out: expect.stringContaining('http@example.com is now an admin') });
    expect((await admin('list')).out).toMatch(/http@example\.com\tHttp User\t\(admin, unverified\)/);
    const last = await admin('demote', 'http@example.com');
    expect(last).toEqual({ code: 1, out: expect.stringContaining('The last admin cannot lose the role') });
    const unknown = await admin('promote', 'ghost@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('No account with the e-mail ghost@example.com');
    expect((await admin('frobnicate')).code).toBe(2);
    // Eight CLI processes, each starting Node and opening the database: the time is the machine's.
  }, 240_000);
});
