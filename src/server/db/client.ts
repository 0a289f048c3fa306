// Opens the database: embedded PGlite in <DATA_DIR>/db, or a PostgreSQL server when DATABASE_URL is set.
// Both get the same Drizzle schema and the same committed migrations, applied here at start.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config.ts';
import * as schema from './schema.ts';
import { acquireDataDirLock } from './lock.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside db.transaction(async (tx) => …). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// Beside this file when run from source; from the working directory when bundled (a Netlify Function
// ships the folder through `included_files`).
const migrationsFolder = [
  fileURLToPath(new URL('./migrations', import.meta.url)),
  path.resolve('src/server/db/migrations'),
].find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')))!;
// Any fixed number: serialises migrations when several API processes start against one PostgreSQL.
const MIGRATION_LOCK_ID = 72_410_993;

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(path.join(config.dataDir, 'db'));
}

async function openPglite(dir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await mkdir(dir, { recursive: true });
  const release = await acquireDataDirLock(dir);
  try {
    const client = await PGlite.create(dir);
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      ping: () => ping(db as unknown as Db),
      close: async () => {
        await client.close();
        await release();
      },
    };
  } catch (err) {
    await release();
    throw err;
  }
}

async function openPostgres(url: string): Promise<Database> {
  const { Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Short timeouts so that an outage gives quick 503s; the pool reconnects by itself when the server is back.
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    query_timeout: 10_000,
  });
  // A client losing its connection must not crash the process: the pool reports idle clients, and a
  // checked-out client (e.g. between the statements of a transaction) emits 'error' itself. The query in
  // hand fails (a 503), and the pool drops the broken client when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));

  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client }), { migrationsFolder });
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
  } finally {
    client.release();
  }
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    ping: () => ping(db as unknown as Db),
    close: () => pool.end(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
