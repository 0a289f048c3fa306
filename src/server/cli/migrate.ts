// `npm run db:migrate`: applies the committed migrations now, the way every server start does (under a
// transaction-scoped lock, so it is safe while servers run and through a pooler). Optional: for a deploy
// that wants the schema ready before the new code takes traffic.
import { loadConfig } from '../../config/config.ts';
import { readEnv } from '../../config/env.ts';
import { runCommand, withDatabase } from './command.ts';

runCommand(async () => {
  const config = loadConfig(await readEnv());
  const { kind, migrationsApplied } = await withDatabase(
    async (database) => ({ kind: database.kind, migrationsApplied: database.migrationsApplied }),
    config,
  );
  const where = kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  console.log(
    migrationsApplied === 0
      ? `The schema of ${where} is up to date.`
      : `Applied ${migrationsApplied} migration(s) to ${where}.`,
  );
  return 0;
});
