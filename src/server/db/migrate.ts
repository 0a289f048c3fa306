// Applies the committed migrations (drizzle-kit's folder and bookkeeping table) in ONE transaction that
// starts by taking a transaction-scoped advisory lock. Several API processes or function containers starting
// at once queue on the lock; the first applies what is missing, the others then find nothing to do.
// Everything happens inside that transaction, so it also holds behind a transaction-mode pooler (PgBouncer,
// Neon's and Supabase's poolers), which may hand each statement outside a transaction to another server
// connection: a session-level lock could be taken on one connection and never released on another. The lock
// ends with the transaction, whether it commits, fails or the client vanishes
// (docs/decisions/095-migrations-under-a-transaction-lock.md).
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './client.ts';

// Any fixed number, the same in every process of this app.
const MIGRATION_LOCK_ID = 72_410_993;

/** Applies the migrations not yet recorded; returns how many it applied. */
export async function applyMigrations(db: Db, migrationsFolder: string): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder });
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`));
    await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
    );
    const result = await tx.execute(sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`);
    const last = Number((result as unknown as { rows: { last: string | number | null }[] }).rows[0]?.last ?? 0);
    let applied = 0;
    for (const migration of migrations) {
      if (migration.folderMillis <= last) continue;
      for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`,
      );
      applied++;
    }
    return applied;
  });
}
