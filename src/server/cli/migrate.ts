// `npm run db:migrate`: applies the committed migrations now, the way every server start does (under a
// transaction-scoped lock, so it is safe while servers run and through a pooler). Optional: for a deploy
// that wants the schema ready before the new code takes traffic.
import { ConfigError, loadConfig } from '../../config/config.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirBusyError } from '../db/lock.ts';
import { readEnv } from '../../config/env.ts';

try {
  const config = loadConfig(await readEnv());
  const database = await openDatabase(config);
  await database.close();
  const where =
    database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  console.log(
    database.migrationsApplied === 0
      ? `The schema of ${where} is up to date.`
      : `Applied ${database.migrationsApplied} migration(s) to ${where}.`,
  );
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof DataDirBusyError ? err.message : err);
  process.exitCode = 1;
}
