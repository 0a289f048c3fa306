// The tables a backup holds, read from the database itself (not a list kept by hand): every table of
// the public schema, parents before the tables whose foreign keys point at them, with the columns a
// restore may write (generated columns are computed again), the ones fed by a sequence and the primary key
// a backup pages by.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

export interface TableInfo {
  name: string;
  /** Columns a row may be restored into (not generated). */
  columns: string[];
  /** Columns whose values come from a sequence (identity or serial): set past the restored values. */
  sequenced: string[];
  /** The primary key's columns, in key order: every table has one, so a backup reads each row once. */
  primaryKey: string[];
}

const rows = async <T>(db: Db | Tx, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export async function schemaTables(db: Db | Tx): Promise<TableInfo[]> {
  const columns = await rows<{ table_name: string; column_name: string; is_generated: string; seq: boolean }>(
    db,
    sql`SELECT table_name, column_name, is_generated,
          (is_identity = 'YES' OR column_default LIKE 'nextval(%') AS seq
        FROM information_schema.columns c
        WHERE table_schema = 'public'
          AND table_name IN (SELECT table_name FROM information_schema.tables
                             WHERE table_schema = 'public' AND table_type = 'BASE TABLE')
        ORDER BY table_name, ordinal_position`,
  );
  const links = await rows<{ child: string; parent: string }>(
    db,
    sql`SELECT cl.relname AS child, pl.relname AS parent
        FROM pg_constraint k
        JOIN pg_class cl ON cl.oid = k.conrelid
        JOIN pg_class pl ON pl.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = cl.relnamespace
        WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const keys = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`SELECT cl.relname AS table_name, a.attname AS column_name
        FROM pg_constraint k
        JOIN pg_class cl ON cl.oid = k.conrelid
        JOIN pg_namespace n ON n.oid = cl.relnamespace
        CROSS JOIN LATERAL unnest(k.conkey) WITH ORDINALITY AS u(attnum, n)
        JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum
        WHERE k.contype = 'p' AND n.nspname = 'public'
        ORDER BY cl.relname, u.n`,
  );
  const tables = new Map<string, TableInfo>();
  for (const c of columns) {
    const table = tables.get(c.table_name) ?? { name: c.table_name, columns: [], sequenced: [], primaryKey: [] };
    tables.set(c.table_name, table);
    if (c.is_generated === 'NEVER') table.columns.push(c.column_name);
    if (c.seq) table.sequenced.push(c.column_name);
  }
  for (const k of keys) tables.get(k.table_name)?.primaryKey.push(k.column_name);
  return dependencyOrder([...tables.values()], links);
}

function dependencyOrder(tables: TableInfo[], links: { child: string; parent: string }[]): TableInfo[] {
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const byName = new Map(tables.map((t) => [t.name, t]));
  const visit = (table: TableInfo) => {
    if (placed.has(table.name)) return;
    if (visiting.has(table.name)) throw new Error(`Foreign keys form a cycle through ${table.name}`);
    visiting.add(table.name);
    for (const link of links)
      if (link.child === table.name && link.parent !== table.name) visit(byName.get(link.parent)!);
    visiting.delete(table.name);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table);
  return ordered;
}

/** How many committed migrations the database has (a backup may not come from a newer schema). */
export async function migrationCount(db: Db | Tx): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`);
  return Number(row?.n ?? 0);
}

export { rows as queryRows };
