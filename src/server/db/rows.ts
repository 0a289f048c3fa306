/** node-postgres answers { rows }, PGlite answers { rows } too, but typed apart: one reader for both. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
