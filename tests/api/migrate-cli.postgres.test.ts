// `npm run db:migrate` on a fresh PostgreSQL database: it applies the committed migrations once, then finds
// the schema up to date. (The embedded database takes the same path at every server start.)
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../helpers/api.ts';

const run = promisify(execFile);
describe('npm run db:migrate', () => {
  it('applies the migrations once, then reports the schema up to date', async () => {
    const env = { ...process.env, DATABASE_URL: (await freshDatabaseUrl())!, LOG_LEVEL: 'silent' };
    const migrate = () => run(process.execPath, ['--import', 'tsx', 'src/server/cli/migrate.ts'], { env });
    const count = readMigrationFiles({ migrationsFolder: 'src/server/db/migrations' }).length;
    expect((await migrate()).stdout).toContain(`Applied ${count} migration(s) to`);
    expect((await migrate()).stdout).toMatch(/schema of .* is up to date/);
  }, 120_000);
});
