// The self-deletion race made certain: a second connection holds the two only admins' rows while both
// delete their own accounts, so that both requests have made their checks and wait at once; then it lets
// go. A check made outside the deletion's transaction (or without the admins' lock) passes for both, and
// no admin is left; under the lock the second request sees the first's result. PostgreSQL only: the
// embedded database runs one transaction at a time, so no second connection can hold a lock there.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdmin } from '../../src/server/cli/admin-commands.ts';
import { freshIp, signUp, startTestApi, type Account, type TestApi } from '../helpers/api.ts';

const ROUNDS = 10;

let t: TestApi;
let holder: pg.Client;
beforeAll(async () => {
  t = await startTestApi();
  holder = new pg.Client({ connectionString: t.databaseUrl });
  await holder.connect();
});
afterAll(async () => {
  await holder.end();
  await t.close();
});

/** Resolves once `n` lock requests of other connections are waiting (the racing requests, held). */
async function waiting(n: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await holder.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND pid <> pg_backend_pid()',
    );
    if (rows[0]!.n >= n) return;
    if (Date.now() > deadline) throw new Error(`only ${rows[0]!.n} of ${n} requests came to wait on the lock`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const deleteOwn = (acc: Account) =>
  t.call('POST', '/v1/account/delete', { token: acc.token, body: { password: acc.password }, ip: freshIp() });

describe('two only admins deleting their own accounts, both held until both have checked', () => {
  it(`one goes, one admin stays (${ROUNDS} rounds)`, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const a = await signUp(t);
      const b = await signUp(t);
      await t.api.db.execute(sql`UPDATE users SET is_admin = false`);
      await setAdmin(t.api.db, a.email, true);
      await setAdmin(t.api.db, b.email, true);
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM users WHERE id = ANY($1::uuid[]) FOR UPDATE', [[a.user._id, b.user._id]]);
      const racing = Promise.all([deleteOwn(a), deleteOwn(b)]);
      await waiting(2);
      await holder.query('COMMIT');
      const answers = await racing;
      const [admins] = (await holder.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE is_admin')).rows;
      outcomes.push(`${answers.map((r) => r.status).sort()}:${admins!.n}`);
    }
    expect(outcomes).toEqual(Array(ROUNDS).fill('200,409:1'));
  });
});
