// Takes a backup: the whole database as JSON lines, gzip-compressed. Format (version 1):
//   {"format":"agency-site-backup","version":1,"createdAt":…,"source":"pglite"|"postgres","migrations":N,"tables":[…]}
//   ["table","users",["id","name",…]]     a table's section: its name and the columns its rows may restore
//   {"id":"…","name":"…",…}               one line per row, as PostgreSQL's to_jsonb gives it (exact types)
//   ["end",{"users":3,…}]                 the rows of each table: a restore checks it saw them all
// Rows are read in one repeatable-read transaction (one consistent snapshot, so no row points at a row
// the backup lacks) into compressed memory; the answer or file is written after the transaction ends,
// so a slow download never holds the database (the embedded one has a single connection).
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { migrationCount, queryRows, schemaTables } from './tables.ts';

export const BACKUP_FORMAT = 'agency-site-backup';
export const BACKUP_VERSION = 1;
const BATCH = 1000;

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
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
    const tables = await schemaTables(tx);
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
      let count = 0;
      // Pages in physical order (ctid), which the snapshot keeps still.
      let after = '(0,0)';
      for (;;) {
        const page = await queryRows<{ ctid: string; row: string }>(
          tx,
          sql`SELECT ctid::text AS ctid, to_jsonb(x)::text AS row FROM ${sql.identifier(table.name)} x
              WHERE ctid > ${after}::tid ORDER BY ctid LIMIT ${BATCH}`,
        );
        for (const r of page) write(r.row);
        count += page.length;
        if (page.length < BATCH) break;
        after = page.at(-1)!.ctid;
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
