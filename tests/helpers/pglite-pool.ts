// The PGlite instances of one vitest worker, kept open from one test API to the next (tests/helpers/api.ts):
// starting PGlite on a copy of the migrated template (pglite-global-setup.ts) costs about 0.7 s, emptying an
// open one a few milliseconds, and the API suite starts about 70 test APIs. A test API leases an instance,
// and every lease starts with all application tables emptied and their sequences restarted, so no test sees
// another's rows; the migrations stay applied. Test APIs alive at once (several servers in one test) each
// hold an instance of their own (docs/decisions/177-api-tests-share-pglite-per-worker.md).
import { copyFile, mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { removeOnExit } from './leftovers.ts';

export interface PgliteLease {
  /** The leased database; its close() leaves it open (release() hands it back). */
  database: Database;
  /** Hands the instance back to the worker's pool once every API on it is closed. */
  release(): void;
}

const idle: Database[] = [];

/** An open, migrated PGlite with empty application tables, for one test API and any it reopens. */
export async function leasePglite(): Promise<PgliteLease> {
  const database = idle.pop() ?? (await openCopyOfTemplate());
  await empty(database);
  let released = false;
  return {
    database: { ...database, close: async () => {} },
    release() {
      if (!released) idle.push(database);
      released = true;
    },
  };
}

async function openCopyOfTemplate(): Promise<Database> {
  const dataDir = removeOnExit(await mkdtemp(path.join(tmpdir(), 'api-pglite-')));
  await copyTree(inject('pgliteTemplate'), path.join(dataDir, 'db'));
  return openDatabase({ dataDir, databaseUrl: undefined });
}

/** Empties every table of the application's schema and restarts its sequences (the migrations' own table is elsewhere). */
async function empty({ db }: Database): Promise<void> {
  const names = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
  const tables = await names(sql`SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
    WHERE schemaname = 'public'`);
  const sequences = await names(sql`SELECT format('%I.%I', sequence_schema, sequence_name) AS name
    FROM information_schema.sequences WHERE sequence_schema = 'public'`);
  if (tables.length) await db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} CASCADE`));
  for (const sequence of sequences) await db.execute(sql.raw(`ALTER SEQUENCE ${sequence} RESTART`));
}

/**
 * Copies a folder with every file at once: the template database's 1,090 files in about 0.2 s, where
 * `fs.cp`, one file after another, takes 0.6 s.
 */
async function copyTree(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  const target = (e: { parentPath: string; name: string }) =>
    path.join(to, path.relative(from, path.join(e.parentPath, e.name)));
  await mkdir(to, { recursive: true });
  for (const dir of entries
    .filter((e) => e.isDirectory())
    .map(target)
    .sort())
    await mkdir(dir, { recursive: true });
  await Promise.all(entries.filter((e) => e.isFile()).map((e) => copyFile(path.join(e.parentPath, e.name), target(e))));
}
