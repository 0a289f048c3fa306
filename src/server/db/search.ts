// The admin lists' search box: a case-insensitive substring of any of the given columns.
import { ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** % and _ typed by the admin are literal characters, not wildcards. */
export function searchWhere(q: string | undefined, ...columns: PgColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return or(...columns.map((col) => ilike(col, pattern)));
}
