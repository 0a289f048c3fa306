// The API tests share databases within a worker (tests/helpers/pglite-pool.ts): a test API, whether it
// follows another on the same instance or runs beside one, starts with the rows of a fresh database: those
// the API writes as it starts (its own secrets), nothing a test left.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signUp, startTestApi, type TestApi } from '../helpers/api.ts';

const open: TestApi[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});

async function start(): Promise<TestApi> {
  const t = await startTestApi();
  open.push(t);
  return t;
}

/** Row counts of the tables that hold any. */
async function filledTables(t: TestApi): Promise<Record<string, number>> {
  const { rows } = (await t.api.db.execute(
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  )) as unknown as { rows: { name: string }[] };
  const filled: Record<string, number> = {};
  for (const { name } of rows) {
    const counted = (await t.api.db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${name}"`))) as unknown as {
      rows: { n: number }[];
    };
    if (counted.rows[0]!.n > 0) filled[name] = counted.rows[0]!.n;
  }
  return filled;
}

async function leaveRows(t: TestApi) {
  await signUp(t);
  await t.call('POST', '/v1/contact', {
    body: { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A message long enough.' },
  });
  await t.api.settled();
  expect(Object.keys(await filledTables(t))).toContain('users');
}

describe('test APIs share no rows', () => {
  it('the next test API starts as on a fresh database', async () => {
    const first = await start();
    const fresh = await filledTables(first);
    await leaveRows(first);
    await first.close();
    open.splice(0);
    const next = await start();
    expect(await filledTables(next)).toEqual(fresh);
  });

  it('two test APIs alive at once have databases of their own', async () => {
    const one = await start();
    const other = await start();
    const fresh = await filledTables(other);
    await leaveRows(one);
    expect(await filledTables(other)).toEqual(fresh);
  });
});
