// Which tables a statement may change, counted per table, for the embedded PGlite only: it is one
// process's database (the data-folder lock), so every write passes through this process and a cache in
// it can tell when what it holds may be stale. A PostgreSQL server has other writers; it gets no clock.

/** A number that grows whenever one of `tables` may have changed. */
export interface ChangeClock {
  version(tables: readonly string[]): number;
}

const READ = /^\s*(?:select|show|explain)\b/i;
const TARGET = /^\s*(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:"?\w+"?\.)?"?(\w+)"?/i;

export class TableChanges implements ChangeClock {
  private readonly counts = new Map<string, number>();
  /** Statements whose target could not be read (a CTE, DDL, a function call): they count for every table. */
  private unknown = 0;

  /** Called with each statement before it is sent: a statement that may write moves its table's count. */
  record(sql: string): void {
    if (READ.test(sql)) return;
    const table = TARGET.exec(sql)?.[1]?.toLowerCase();
    if (table) this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
    else this.unknown++;
  }

  version(tables: readonly string[]): number {
    let v = this.unknown;
    for (const t of tables) v += this.counts.get(t) ?? 0;
    return v;
  }
}
