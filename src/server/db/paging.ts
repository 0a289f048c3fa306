// The admin lists at any size: keyset pages (newest first, by created_at then id) and totals that never
// count more than EXACT_COUNT_MAX rows. Past that the total is the planner's estimate, flagged so that
// the list says "about": counting 100,000 rows on every page turn would cost more than the page itself.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

export const EXACT_COUNT_MAX = 1000;

export interface Cursor {
  createdAt: Date;
  id: string;
}

/** `after` as the list schemas accept it: the row's time (ISO, milliseconds) and id. */
export function parseCursor(after: string | undefined): Cursor | undefined {
  if (!after) return undefined;
  const [at, id] = after.split('_') as [string, string];
  return { createdAt: new Date(at), id };
}

export function cursorOf(row: Cursor): string {
  return `${row.createdAt.toISOString()}_${row.id}`;
}

/** Rows after the cursor in newest-first order: one range of the (created_at, id) index. */
export function afterCursor(createdAt: PgColumn, id: PgColumn, cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${createdAt}, ${id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`;
}

/**
 * One page of `rows` fetched with limit pageSize + 1: the page, and the cursor of its last row when
 * another page follows.
 */
export function pageAndCursor<T extends Cursor>(rows: T[], pageSize: number): { page: T[]; nextCursor?: string } {
  if (rows.length <= pageSize) return { page: rows };
  const page = rows.slice(0, pageSize);
  return { page, nextCursor: cursorOf(page[pageSize - 1]!) };
}

export interface Total {
  total: number;
  totalEstimated?: true;
}

/** The rows matching `where`: counted up to EXACT_COUNT_MAX, estimated past it. */
export async function totalOf(db: Db, table: PgTable, where: SQL | undefined): Promise<Total> {
  const filter = where ?? sql`true`;
  const counted = await db.execute(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} WHERE ${filter} LIMIT ${EXACT_COUNT_MAX + 1}) c`,
  );
  const n = rowsOf<{ n: number }>(counted)[0]?.n ?? 0;
  if (n <= EXACT_COUNT_MAX) return { total: n };
  const plan = await db.execute(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} WHERE ${filter}`);
  const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(plan);
  const json = typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN'];
  const estimate = Math.round(Number((json as { Plan: { 'Plan Rows': number } }[])[0]?.Plan['Plan Rows']) || 0);
  return { total: Math.max(estimate, n), totalEstimated: true };
}
