// The dimensions of the daily analytics counts are listed once, in TypeScript (DIMENSION_KEYS in
// src/server/db/schema/analytics.ts). The count trigger that fills them is SQL in a migration: every
// dimension list in the current definition of its function must name the same dimensions, each keyed by
// the same column of a raw view. A dimension added on one side only fails here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_VIEW_COLUMNS, DIMENSION_KEYS } from '../../src/server/db/schema.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
const FUNCTION = 'FUNCTION analytics_views_count()';

/** The body of the trigger function as the last migration that defines it writes it. */
function triggerFunction(): { file: string; body: string } {
  const files = readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const file = files.filter((f) => readFileSync(path.join(MIGRATIONS, f), 'utf8').includes(FUNCTION)).at(-1)!;
  const text = readFileSync(path.join(MIGRATIONS, file), 'utf8');
  const start = text.indexOf(FUNCTION);
  return { file, body: text.slice(start, text.indexOf('END $$', start)) };
}

/** Each `(VALUES ('dimension', v.column), …) AS k(dimension, key)` list of the SQL, as dimension → column. */
function dimensionLists(sql: string): Record<string, string | null>[] {
  return [...sql.matchAll(/\(VALUES ([\s\S]*?)\) AS k\(dimension, key\)/g)].map(([, values]) =>
    Object.fromEntries(
      [...values!.matchAll(/\('(\w+)', (?:''|v\.(\w+))\)/g)].map(([, dimension, column]) => [
        dimension,
        column ?? null,
      ]),
    ),
  );
}

describe('the analytics dimensions', () => {
  const { file, body } = triggerFunction();

  it(`are the count trigger's in ${file}, each keyed by the same column`, () => {
    const lists = dimensionLists(body);
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) expect(list).toEqual(DIMENSION_KEYS);
  });

  it('key on columns a raw view has', () => {
    const columns = ANALYTICS_VIEW_COLUMNS.map((c) => c.name);
    for (const column of Object.values(DIMENSION_KEYS)) if (column) expect(columns).toContain(column);
  });
});
