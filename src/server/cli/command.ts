// How every command-line tool runs: the configured database is open for the command's work and closed
// after it, whatever happens; an error the tool expects (a bad variable, the embedded database held by a
// running server, or one the command names) prints its message alone, anything else in full; both exit 1.
import { type Config, ConfigError, loadConfig } from '../../config/config.ts';
import { readEnv } from '../../config/env.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DataDirBusyError } from '../db/lock.ts';

type ErrorClass = abstract new (...args: never[]) => Error;

/** Opens the database `config` names (the environment's configuration when not given), runs `use`, closes it. */
export async function withDatabase<T>(use: (database: Database) => Promise<T>, config?: Config): Promise<T> {
  const database = await openDatabase(config ?? loadConfig(await readEnv()));
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

/** Runs the command, then exits with the code it returns. */
export function runCommand(command: () => Promise<number>, expected: ErrorClass[] = []): void {
  const known: ErrorClass[] = [ConfigError, DataDirBusyError, ...expected];
  command().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(known.some((kind) => err instanceof kind) ? (err as Error).message : err);
      process.exit(1);
    },
  );
}
