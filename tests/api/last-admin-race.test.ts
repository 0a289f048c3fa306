// The last admin stays, however the changes race: both only admins deleting their own accounts at the
// same moment, or one deleting theirs while the other removes their own role, or the admin CLI demoting one
// while the other removes their own role. Ten rounds each.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdmin } from '../../src/server/cli/admin-commands.ts';
import { users } from '../../src/server/db/schema.ts';
import { LAST_ADMIN } from '../../src/server/users/last-admin.ts';
import { freshIp, signUp, startTestApi, type Account, type TestApi } from '../helpers/api.ts';

const ROUNDS = 10;

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

/** Two new accounts, and they are the only admins. */
async function twoOnlyAdmins(): Promise<[Account, Account]> {
  const a = await signUp(t);
  const b = await signUp(t);
  await t.api.db.execute(sql`UPDATE users SET is_admin = false`);
  await setAdmin(t.api.db, a.email, true);
  await setAdmin(t.api.db, b.email, true);
  return [a, b];
}

const deleteOwn = (acc: Account) =>
  t.call('POST', '/v1/account/delete', { token: acc.token, body: { password: acc.password }, ip: freshIp() });
const admins = async () => (await t.api.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true))).length;

describe('the last admin under races', () => {
  it(`two only admins deleting their own accounts at once: one goes, one admin stays (${ROUNDS} rounds)`, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await twoOnlyAdmins();
      const answers = await Promise.all([deleteOwn(a), deleteOwn(b)]);
      outcomes.push(`${answers.map((r) => r.status).sort()}:${await admins()}`);
    }
    expect(outcomes).toEqual(Array(ROUNDS).fill('200,409:1'));
  });

  it(`the admin CLI demotes one of two admins, refuses the last, and keeps one under a race (${ROUNDS} rounds)`, async () => {
    const [a, b] = await twoOnlyAdmins();
    expect((await setAdmin(t.api.db, a.email, false)).isAdmin).toBe(false);
    await expect(setAdmin(t.api.db, b.email, false)).rejects.toThrow(LAST_ADMIN);
    expect(await admins()).toBe(1);

    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [c, d] = await twoOnlyAdmins();
      const [cli, api] = await Promise.allSettled([
        setAdmin(t.api.db, c.email, false),
        t.call('PATCH', `/v1/admin/user/${d.user._id}`, {
          token: d.token,
          body: { isAdmin: false, confirmSelfDemotion: true },
        }),
      ]);
      const cliOutcome = cli.status === 'fulfilled' ? 'done' : String((cli.reason as Error).message);
      const apiOutcome = api.status === 'fulfilled' ? api.value.status : 'threw';
      outcomes.push(
        `${cliOutcome === 'done' ? apiOutcome === 409 : apiOutcome === 200 && cliOutcome === LAST_ADMIN}:${await admins()}`,
      );
    }
    expect(outcomes).toEqual(Array(ROUNDS).fill('true:1'));
  });

  it(`an admin deleting their account while the other removes their own role: one admin stays (${ROUNDS} rounds)`, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await twoOnlyAdmins();
      const answers = await Promise.all([
        deleteOwn(a),
        t.call('PATCH', `/v1/admin/user/${b.user._id}`, {
          token: b.token,
          body: { isAdmin: false, confirmSelfDemotion: true },
        }),
      ]);
      outcomes.push(`${answers.map((r) => r.status).sort()}:${await admins()}`);
    }
    expect(outcomes).toEqual(Array(ROUNDS).fill('200,409:1'));
  });
});
