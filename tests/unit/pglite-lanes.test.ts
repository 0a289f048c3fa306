// The embedded database's two lanes (src/server/db/lane.ts): a statement of the now lane goes before the
// later lane's queued statements, the later lane still gets a turn under a flood, and a transaction's own
// statements never wait behind statements that wait for it. The queue is built while a transaction holds
// PGlite's lock, so the order does not depend on how fast anything runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inLaterLane } from '../../src/server/db/lane.ts';
import { PgliteThread, type ThreadTransaction } from '../../src/server/db/pglite-thread.ts';

let dir: string;
let thread: PgliteThread;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'pglite-lanes-'));
  thread = await PgliteThread.open(dir);
}, 60_000);

afterAll(async () => {
  await thread?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Queues `statements` (name, lane) while a transaction holds the database, then ends it; returns the names
 * in the order their answers came. The first one queued is handed to PGlite at once and waits for the lock.
 */
async function orderOf(statements: [string, 'now' | 'later'][]): Promise<string[]> {
  const done: string[] = [];
  const answers: Promise<unknown>[] = [];
  await thread.transaction(async (tx: ThreadTransaction) => {
    await tx.query('SELECT 1');
    for (const [name, lane] of statements) {
      const run = () => thread.query(`SELECT '${name}' AS name`);
      answers.push((lane === 'later' ? inLaterLane(run) : run()).then(() => done.push(name)));
    }
    // The transaction's own statement is answered while the others wait for its lock.
    const own = await tx.query("SELECT 'own' AS name");
    expect(own.rows).toEqual([{ name: 'own' }]);
    expect(done).toEqual([]);
  });
  await Promise.all(answers);
  return done;
}

describe('the embedded database lanes', () => {
  it('answers a now statement before the later ones queued before it', async () => {
    const order = await orderOf([
      ['report-1', 'later'],
      ['report-2', 'later'],
      ['report-3', 'later'],
      ['health', 'now'],
    ]);
    // report-1 was already waiting in PGlite for the lock; health overtakes the two queued behind it.
    expect(order).toEqual(['report-1', 'health', 'report-2', 'report-3']);
  });

  it('keeps first-come order within a lane', async () => {
    const order = await orderOf([
      ['a', 'now'],
      ['b', 'now'],
      ['c', 'now'],
    ]);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('gives the later lane a turn after eight now statements in a row', async () => {
    const views = Array.from({ length: 20 }, (_, i) => [`view-${i + 1}`, 'now'] as [string, 'now']);
    const order = await orderOf([['report-1', 'later'], ['report-2', 'later'], ...views]);
    expect(order.slice(0, 11)).toEqual(['report-1', ...views.slice(0, 8).map(([name]) => name), 'report-2', 'view-9']);
    expect(order).toHaveLength(22);
  });
});
