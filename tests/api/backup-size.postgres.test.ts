// A backup at size equals the database: with 10,000 enquiries, over 10,000 page views and thousands of rows
// in tables with composite keys, each table's rows in the file are exactly the table's rows (so the same
// count and ids, none twice), the analytics salt is not in it, and a restore into an empty PGlite gives
// equal tables. (PostgreSQL project only: the backup is taken from the server, restored into PGlite.)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { takeBackup } from '../../src/server/backup/backup.ts';
import { restoreBackup } from '../../src/server/backup/restore.ts';
import { queryRows, schemaTables } from '../../src/server/backup/tables.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { seedDatabase } from '../../src/server/cli/seed-database.ts';
import { createDatabaseOn } from '../helpers/postgres.ts';

const ENQUIRIES = 10_000;
/** Spread over 90 days, of which the last 30 keep their raw views: about 10,700 stay. */
const VIEWS = 32_000;
const OUTBOX = 2_500;
const PAGES = ['/', '/contact', '/projects', '/blog', '/services', '/about'];

let source: Database;
let target: Database;
const dirs: string[] = [];

beforeAll(async () => {
  source = await openDatabase({ databaseUrl: await createDatabaseOn(inject('postgresUrl')), dataDir: '' });
  const now = new Date();
  await seedDatabase(source.db, { users: 500, enquiries: ENQUIRIES, views: VIEWS }, now, PAGES);
  await source.db.execute(sql`
    INSERT INTO outbox (id, "to", subject, text, html, next_attempt_at, created_at)
    SELECT gen_random_uuid(), 'reader' || g || '@example.com', 'Subject ' || g, 'Text', '<p>Text</p>', now(), now()
    FROM generate_series(1, ${OUTBOX}) g`);
  await source.db.execute(sql`INSERT INTO analytics_salts (day, salt) VALUES (CURRENT_DATE, 'c2VjcmV0')`);
  const dir = await mkdtemp(path.join(tmpdir(), 'backup-size-'));
  dirs.push(dir);
  target = await openDatabase({ databaseUrl: undefined, dataDir: dir });
}, 600_000);

afterAll(async () => {
  await target?.close();
  await source?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Every row of every table but the salt's, as PostgreSQL writes it as JSON, sorted. */
async function contents(db: Database['db']): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await schemaTables(db)) {
    if (table.name === 'analytics_salts') continue;
    const rows = await queryRows<{ row: string }>(
      db,
      sql`SELECT to_jsonb(x)::text AS row FROM ${sql.identifier(table.name)} x`,
    );
    out[table.name] = rows.map((r) => r.row).sort();
  }
  return out;
}

/** The file's rows per table, as written, sorted. */
function sections(text: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  let current: string[] | undefined;
  for (const line of text.trimEnd().split('\n').slice(1)) {
    if (line.startsWith('[')) {
      const [kind, name] = JSON.parse(line) as [string, string];
      current = kind === 'table' ? [] : undefined;
      if (current) out[name] = current;
    } else current?.push(line);
  }
  for (const rows of Object.values(out)) rows.sort();
  return out;
}

describe('a backup of 10,000 enquiries and over 10,000 page views', () => {
  it('holds every row of every table once, leaves the salt out, and restores into PGlite as equal tables', async () => {
    const before = await contents(source.db);
    expect(before.enquiries).toHaveLength(ENQUIRIES);
    expect(before.analytics_views!.length).toBeGreaterThanOrEqual(10_000);
    expect(before.outbox).toHaveLength(OUTBOX);
    // A composite key past one page of the backup's reads.
    expect(before.analytics_daily!.length).toBeGreaterThan(1_000);

    const backup = await takeBackup(source.db, 'postgres', new Date());
    const text = gunzipSync(Buffer.concat(backup.chunks)).toString();
    const file = sections(text);
    expect(Object.keys(file)).not.toContain('analytics_salts');
    expect(Object.keys(file).sort()).toEqual(Object.keys(before).sort());
    for (const [table, rows] of Object.entries(before)) {
      // The same rows: so the same count and the same ids, and none twice.
      expect(new Set(file[table]).size, table).toBe(file[table]!.length);
      expect(file[table]!.length, table).toBe(rows.length);
      expect(file[table], table).toEqual(rows);
      expect(backup.rows[table], table).toBe(rows.length);
    }

    await restoreBackup(target.db, createInterface({ input: Readable.from([text]), crlfDelay: Infinity }));
    expect(await contents(target.db)).toEqual(before);
  });
});
