// Opens the database: embedded PGlite in <DATA_DIR>/db, or a PostgreSQL server when DATABASE_URL is set.
// Both get the same Drizzle schema and the same committed migrations, applied here at start (migrate.ts).
// Nothing in the request path keeps state on a server session (no SET, no named prepared statements, no
// advisory locks), so DATABASE_URL may be a transaction-mode pooler.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../../config/config.ts';
import * as schema from './schema.ts';
import { acquireDataDirLock } from './lock.ts';
import { applyMigrations } from './migrate.ts';
import { explainConnectError } from './connect-error.ts';
import { type PgConnection, pgConnection } from './tls.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** How long a query on PostgreSQL may take before the client gives up on it (a 503). */
export const QUERY_TIMEOUT_MS = 10_000;
/** The handle inside db.transaction(async (tx) => …). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** How many migrations this start applied (0 when the schema was up to date). */
  migrationsApplied: number;
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

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseCa'>>,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(pgConnection(config.databaseUrl, config.databaseCa), config.databaseUrl)
    : openPglite(path.join(config.dataDir, 'db'));
}

async function openPglite(dir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  // Trigram indexes for the admin search boxes (a migration creates the extension).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  await mkdir(dir, { recursive: true });
  const release = await acquireDataDirLock(dir);
  try {
    // In this process and thread: PGlite runs one statement at a time, each synchronously while it runs.
    const client = await PGlite.create(dir, { extensions: { pg_trgm } });
    const db = drizzle({ client, schema });
    let migrationsApplied: number;
    try {
      migrationsApplied = await applyMigrations(db as unknown as Db, migrationsFolder);
    } catch (err) {
      await client.close();
      throw err;
    }
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      migrationsApplied,
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

async function openPostgres(connection: PgConnection, databaseUrl: string): Promise<Database> {
  const { Client, Pool } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Migrations get a connection of their own, without the pool's query timeout: waiting for another
  // process's migration, or a long one, is not an outage.
  const migrator = new Client({ ...connection, connectionTimeoutMillis: 10_000 });
  migrator.on('error', () => {});
  // The first connection: a TLS or other set-up error is told in terms of the setting to change.
  await migrator.connect().catch((err: unknown) => {
    throw explainConnectError(err, databaseUrl);
  });
  let migrationsApplied: number;
  try {
    migrationsApplied = await applyMigrations(drizzle({ client: migrator }) as unknown as Db, migrationsFolder);
  } finally {
    await migrator.end();
  }
  // Short timeouts so that an outage gives quick 503s; the pool reconnects by itself when the server is back.
  // The query timeout is the client's: the server may still finish (and commit) a statement the client
  // gave up on, so a write that is retried by itself sets a shorter one on the server (analytics/collector.ts).
  const pool = new Pool({
    ...connection,
    max: 10,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    query_timeout: QUERY_TIMEOUT_MS,
  });
  // A client losing its connection must not crash the process: the pool reports idle clients, and a
  // checked-out client (e.g. between the statements of a transaction) emits 'error' itself. The query in
  // hand fails (a 503), and the pool drops the broken client when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));

  const db = drizzle({ client: pool, schema });
  // drizzle-orm's pooled transaction() sends BEGIN before the try/finally that releases its client: through
  // a transaction pooler with no server behind it, the failed BEGIN kept the client for good, until the pool
  // was empty and SIGTERM waited on it forever. So each transaction takes its client here and gives it back
  // whatever happens; after any failure (BEGIN, a statement, ROLLBACK, a timeout) the connection may be
  // mid-transaction or mid-reply, so it is closed rather than handed to the next request.
  const transaction: typeof db.transaction = async (work, config) => {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      return await drizzle({ client, schema }).transaction(work, config);
    } catch (err) {
      failure = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      client.release(failure);
    }
  };
  db.transaction = transaction;
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrationsApplied,
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
