// What an operator sees when a setting is wrong: one line naming the setting, a non-zero exit, no stack
// trace and no password. The build and the server refuse production without a public SITE_URL; a database
// that is refused, unknown, missing or wrongly authenticated is told in terms of DATABASE_URL.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { freePort } from '../helpers/server.ts';

const PASSWORD = 'hunter2-Secret';
const STACK = /\n\s+at .*[:(]/;
let postgres: TestPostgres;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'refusals-'));
  postgres = await startPostgres({ password: PASSWORD });
});
afterAll(async () => {
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs a command until it exits; one that starts serving instead is stopped, and says so in its output. */
function runToExit(command: string, args: string[], env: Record<string, string | undefined>) {
  const { SITE_URL: _site, DATABASE_URL: _db, NODE_ENV: _mode, ...base } = process.env;
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(command, args, { env: { ...base, LOG_LEVEL: 'info', ...env }, stdio: 'pipe' });
    let out = '';
    const take = (d: Buffer) => {
      out += d;
      if (out.includes('Serving site and API')) child.kill('SIGTERM');
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('exit', (code) => resolve({ code, out: out.replace(/^npm warn .*\n/gm, '') }));
  });
}

const server = (env: Record<string, string | undefined>) =>
  runToExit(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...env,
  });

const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', SITE_URL: 'https://agency.example' };

describe('production without a public SITE_URL', () => {
  it('the build refuses, naming SITE_URL, before building anything', async () => {
    const build = await runToExit('npm', ['run', 'build'], { NODE_ENV: 'production' });
    expect(build.code).not.toBe(0);
    expect(build.out).toContain('SITE_URL: required when NODE_ENV=production');
    expect(build.out).not.toContain('building client');
    expect(build.out).not.toMatch(STACK);
  });

  it.each([
    ['unset', undefined],
    ['the default', 'http://localhost:4321'],
  ])('the server refuses with SITE_URL %s', async (_, siteUrl) => {
    const start = await server({ ...production, SITE_URL: siteUrl });
    expect(start.code).toBe(1);
    expect(start.out).toContain('SITE_URL: required when NODE_ENV=production');
    expect(start.out).not.toContain('Serving site and API');
    expect(start.out).not.toMatch(STACK);
  });
});

describe('a database that cannot be opened', () => {
  const url = (host: string, port: number | string, database: string, password = PASSWORD) =>
    `postgres://postgres:${encodeURIComponent(password)}@${host}:${port}/${database}`;

  it.each([
    [
      'refused',
      async () => url('127.0.0.1', await freePort(), 'agency'),
      /nothing accepts connections at 127\.0\.0\.1:\d+/,
    ],
    ['on an unknown host', async () => url('db.invalid', 5432, 'agency'), /the host db\.invalid is unknown/],
    [
      'misspelt',
      async () => url('127.0.0.1', postgres.port, 'agenc'),
      /the database "agenc" does not exist on 127\.0\.0\.1:\d+/,
    ],
    [
      'with a wrong password',
      async () => url('127.0.0.1', postgres.port, 'postgres', 'not-the-password'),
      /the password for user "postgres" was refused/,
    ],
  ])('%s: one line naming DATABASE_URL, the password masked', async (_, databaseUrl, why) => {
    const target = await databaseUrl();
    const start = await server({ DATABASE_URL: target });
    expect(start.code).toBe(1);
    const [line, ...rest] = start.out.trim().split('\n');
    expect(rest).toEqual([]);
    expect(line).toMatch(/^Cannot open the database in DATABASE_URL \(postgres:\/\/postgres:\*\*\*\*@/);
    expect(line).toMatch(why);
    expect(start.out).not.toContain(new URL(target).password);
    expect(start.out).not.toMatch(STACK);
  });

  it('the right password opens it (the refusals above are the server answering, not a broken set-up)', async () => {
    const start = await server({ DATABASE_URL: url('127.0.0.1', postgres.port, 'postgres') });
    expect(start.out).toContain('Serving site and API');
    expect(start.out).not.toContain(PASSWORD);
  });
});
