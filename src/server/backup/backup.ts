// Takes a backup: the whole database as JSON lines, gzip-compressed. Format (version 1):
//   {"format":"agency-site-backup","version":1,"createdAt":…,"source":"pglite"|"postgres","migrations":N,"tables":[…]}
//   ["table","users",["id","name",…]]     a table's section: its name and the columns its rows may restore
//   {"id":"…","name":"…",…}               one line per row, as PostgreSQL's to_jsonb gives it (exact types)
//   ["end",{"users":3,…}]                 the rows of each table: a restore checks it saw them all
// Rows are read in one read-only repeatable-read transaction (one consistent snapshot, so no row points at
// a row the backup lacks), a page at a time in primary-key order (keyset: each page starts after the last
// row of the one before, so every row is read once at any size), into compressed memory; the answer or
// file is written after the transaction ends, so a slow download never holds the database (the embedded
// one has a single connection). The analytics salt is left out: with it, a backup would tie the day's raw
// views back to addresses; a restored database makes a new one.
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { migrationCount, queryRows, schemaTables } from './tables.ts';

export const BACKUP_FORMAT = 'agency-site-backup';
export const BACKUP_VERSION = 1;
const BATCH = 1000;
/** Tables whose rows a backup leaves out. */
const NOT_BACKED_UP = new Set(['analytics_salts']);

export interface Backup {
  /** The gzip-compressed file, in chunks. */
  chunks: Buffer[];
  rows: Record<string, number>;
}

export async function takeBackup(db: Db, source: 'pglite' | 'postgres', now: Date): Promise<Backup> {
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise((resolve, reject) => gzip.on('end', resolve).on('error', reject));
  const write = (line: string) => gzip.write(`${line}\n`);
  const rows: Record<string, number> = {};

  await db.transaction(async (tx) => {
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
    const tables = (await schemaTables(tx)).filter((t) => !NOT_BACKED_UP.has(t.name));
    write(
      JSON.stringify({
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: now.toISOString(),
        source,
        migrations: await migrationCount(tx),
        tables: tables.map((t) => t.name),
      }),
    );
    for (const table of tables) {
      write(JSON.stringify(['table', table.name, table.columns]));
      if (table.primaryKey.length === 0) throw new Error(`Table ${table.name} has no primary key to page by`);
      let count = 0;
      const name = sql.identifier(table.name);
      const key = sql.join(
        table.primaryKey.map((c) => sql`x.${sql.identifier(c)}`),
        sql`, `,
      );
      // The last row read, as JSON: its key columns, typed back by the database, start the next page.
      let after: string | undefined;
      for (;;) {
        const from =
          after === undefined
            ? sql``
            : sql`WHERE (${key}) > (SELECT ${key} FROM jsonb_populate_record(NULL::${name}, ${after}::jsonb) x)`;
        const page = await queryRows<{ row: string }>(
          tx,
          sql`SELECT to_jsonb(x)::text AS row FROM ${name} x ${from} ORDER BY ${key} LIMIT ${BATCH}`,
        );
        for (const r of page) write(r.row);
        count += page.length;
        if (page.length < BATCH) break;
        after = page.at(-1)!.row;
      }
      rows[table.name] = count;
    }
    write(JSON.stringify(['end', rows]));
  });
  gzip.end();
  await finished;
  return { chunks, rows };
}

/** The name a backup is saved under: agency-backup-2026-11-24T19-30-00Z.jsonl.gz. */
export function backupFileName(now: Date): string {
  return `agency-backup-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.jsonl.gz`;
}
