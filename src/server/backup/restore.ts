// Restores a backup (backup.ts) into an empty database of either kind: the embedded PGlite or PostgreSQL,
// whichever the backup came from. Everything happens in one transaction, so a refused or broken backup
// leaves the database as empty as it was. Rows go in through jsonb_populate_recordset, which turns each
// value back into its column's type on the database side (no JavaScript number or date in between).
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { BACKUP_FORMAT, BACKUP_VERSION } from './backup.ts';
import { migrationCount, queryRows, schemaTables, type TableInfo } from './tables.ts';

/** A backup this database cannot take; nothing was written. */
export class RestoreRefused extends Error {}

const BATCH = 500;

interface Section {
  table: TableInfo;
  columns: string[];
  pending: string[];
  written: number;
}

export async function restoreBackup(db: Db, lines: AsyncIterable<string>): Promise<Record<string, number>> {
  // Taken before the first await: a readline interface drops the lines it reads while nobody iterates.
  const iterator = lines[Symbol.asyncIterator]();
  const input = { [Symbol.asyncIterator]: () => iterator };
  return db.transaction(async (tx) => {
    // The roll-ups (stats_daily, analytics_daily and the period sums) come back as the backup holds
    // them: their triggers stand aside while this transaction writes (migration 0007).
    await tx.execute(sql`SELECT set_config('app.restoring', 'on', true)`);
    const tables = await schemaTables(tx);
    for (const table of tables) {
      const [row] = await queryRows<{ any: boolean }>(
        tx,
        sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(table.name)}) AS any`,
      );
      if (row?.any)
        throw new RestoreRefused(
          `The database is not empty (table ${table.name} has rows): a backup restores only into an empty database.`,
        );
    }
    const byName = new Map(tables.map((t) => [t.name, t]));
    const written: Record<string, number> = {};
    let header: { format?: string; version?: number; migrations?: number } | undefined;
    let section: Section | undefined;
    let end: Record<string, number> | undefined;

    for await (const line of input) {
      if (line === '') continue;
      if (!header) {
        header = parseHeader(line);
        const here = await migrationCount(tx);
        if ((header.migrations ?? 0) > here)
          throw new RestoreRefused(
            `The backup comes from a newer version of the site (${header.migrations} migrations, this one has ${here}): update the code first.`,
          );
        continue;
      }
      if (end) throw new RestoreRefused('The backup has lines after its end.');
      if (line.startsWith('[')) {
        if (section) await flush(tx, section);
        const [kind, name, columns] = JSON.parse(line) as [string, unknown, unknown];
        if (kind === 'end') {
          end = name as Record<string, number>;
          section = undefined;
          continue;
        }
        const table = byName.get(String(name));
        if (kind !== 'table' || !table || !Array.isArray(columns))
          throw new RestoreRefused(`The backup has a table this version does not know: ${String(name)}.`);
        section = { table, columns: table.columns.filter((c) => columns.includes(c)), pending: [], written: 0 };
        written[table.name] = 0;
        continue;
      }
      if (!section) throw new RestoreRefused('The backup has a row outside any table.');
      section.pending.push(line);
      if (section.pending.length >= BATCH) await flush(tx, section);
      written[section.table.name] = section.written + section.pending.length;
    }
    if (!header) throw new RestoreRefused('The file is empty.');
    if (!end) throw new RestoreRefused('The backup is incomplete (its end is missing): it was cut short.');
    for (const [name, count] of Object.entries(end))
      if ((written[name] ?? 0) !== count)
        throw new RestoreRefused(`The backup is damaged: table ${name} should have ${count} rows.`);
    for (const table of tables) await resetSequences(tx, table);
    return written;
  });
}

function parseHeader(line: string) {
  let header: { format?: string; version?: number; migrations?: number };
  try {
    header = JSON.parse(line);
  } catch {
    throw new RestoreRefused('This is not a backup of this site (its first line is not JSON).');
  }
  if (header.format !== BACKUP_FORMAT) throw new RestoreRefused('This is not a backup of this site.');
  if (header.version !== BACKUP_VERSION)
    throw new RestoreRefused(`The backup's format version ${header.version} is not one this version reads.`);
  return header;
}

async function flush(tx: Tx, section: Section): Promise<void> {
  if (section.pending.length === 0) return;
  const table = sql.identifier(section.table.name);
  const columns = sql.join(
    section.columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  await tx.execute(
    sql`INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE
        SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, ${`[${section.pending.join(',')}]`}::jsonb)`,
  );
  section.written += section.pending.length;
  section.pending = [];
}

// Identity and serial columns continue after the restored values, not from 1.
async function resetSequences(tx: Tx, table: TableInfo): Promise<void> {
  for (const column of table.sequenced) {
    const name = sql.identifier(table.name);
    const col = sql.identifier(column);
    await tx.execute(
      sql`SELECT setval(pg_get_serial_sequence(${`"${table.name}"`}, ${column}), coalesce(max(${col}), 0) + 1, false)
          FROM ${name}`,
    );
  }
}
