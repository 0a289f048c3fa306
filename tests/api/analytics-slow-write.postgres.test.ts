// A batch of page views whose insert takes longer than the client waits (here held up by a lock) must be
// written once, not once per retry. The client's query timeout alone left the insert running on the
// server, which committed it after the client had put the batch back for a retry: a flood of slow batches
// on PostgreSQL was written 35 times over. The server now cancels the batch first, and only the retry
// writes it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ViewCollector, WRITE_TIMEOUT_MS } from '../../src/server/analytics/collector.ts';
import { type Database, openDatabase, QUERY_TIMEOUT_MS } from '../../src/server/db/client.ts';
import { freshDatabaseUrl } from '../helpers/api.ts';

const VIEWS = 5;
/** Seen in pg_stat_activity while the batch's insert runs (or waits). */
const INSERTING = `SELECT count(*)::int AS n FROM pg_stat_activity
  WHERE datname = current_database() AND state = 'active' AND query LIKE 'INSERT INTO analytics_views%'`;

let dataDir: string;
let database: Database;
let locker: pg.Client;
/** Apart from the locker: a transaction sees one snapshot of pg_stat_activity. */
let watcher: pg.Client;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'slow-write-'));
  const databaseUrl = (await freshDatabaseUrl())!;
  database = await openDatabase({ databaseUrl, dataDir });
  locker = new pg.Client({ connectionString: databaseUrl });
  watcher = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([locker.connect(), watcher.connect()]);
});

afterAll(async () => {
  await locker?.end();
  await watcher?.end();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const inserting = async () => (await watcher.query<{ n: number }>(INSERTING)).rows[0]!.n;

describe('a batch of views slower than the client waits', () => {
  it('is cancelled by the server before the client gives up, and written once by the retry', async () => {
    expect(WRITE_TIMEOUT_MS).toBeLessThan(QUERY_TIMEOUT_MS);
    const collector = new ViewCollector(database.db);
    // Inserts wait behind this lock until it is released.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE analytics_views IN SHARE ROW EXCLUSIVE MODE');
    for (let i = 0; i < VIEWS; i++) {
      await collector.add({
        at: new Date(),
        day: '2030-01-01',
        path: `/slow-${i}`,
        device: 'desktop',
        visitor: `v${i}`,
      });
    }
    void collector.flush();
    await expect.poll(inserting, { timeout: 20_000 }).toBe(1);
    // Gone while the lock is still held: the server cancelled it (a statement the client merely gave up
    // on would wait here for the lock, then commit).
    await expect.poll(inserting, { timeout: 4 * QUERY_TIMEOUT_MS }).toBe(0);
    await locker.query('COMMIT');
    await collector.close();
    const { rows } = await watcher.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM analytics_views WHERE path LIKE '/slow-%'",
    );
    expect(rows[0]!.n).toBe(VIEWS);
  }, 120_000);
});
