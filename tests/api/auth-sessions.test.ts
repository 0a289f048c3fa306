// Sessions: the current user (its token, its 30 days, lastUsedAt written at most once a minute, only a
// hash stored), sign-out in its three scopes, changes that show on the next request and lookups that arrive
// at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema.ts';
import { eq, sql } from 'drizzle-orm';
import { setAdmin } from '../../src/server/cli/admin-commands.ts';
import { freshIp, signUp, startTestApi, type TestApi } from '../helpers/api.ts';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(() => t.close());

describe('GET /api/v1/auth/user and /api/v1/users/user', () => {
  it('answer 200 with the user for a valid token', async () => {
    const acc = await signUp(t);
    const a = await t.call('GET', '/v1/auth/user', { token: acc.token });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ success: true, userData: acc.user });
    const b = await t.call('GET', '/v1/users/user', { token: acc.token });
    expect(b.status).toBe(200);
    expect(b.body).toEqual({ success: true, user: acc.user });
  });

  it('answer 401 without a token, with a bad one, and after 30 days', async () => {
    for (const path of ['/v1/auth/user', '/v1/users/user']) {
      expect((await t.call('GET', path)).status).toBe(401);
      expect((await t.call('GET', path, { token: 'forged' })).body.success).toBe(false);
      expect((await t.call('GET', path, { token: 'forged' })).status).toBe(401);
    }
    const acc = await signUp(t);
    t.clock.advance(30 * 86_400_000 + 1000);
    expect((await t.call('GET', '/v1/auth/user', { token: acc.token })).status).toBe(401);
  });

  it('keeps lastUsedAt to the minute with at most one write a minute per session', async () => {
    const acc = await signUp(t);
    // xmin changes with every write of a row, even one that stores the same values.
    const stored = async () => {
      const [row] = await t.api.db
        .select({ lastUsedAt: sessions.lastUsedAt, version: sql<string>`xmin::text` })
        .from(sessions)
        .where(eq(sessions.userId, acc.user._id));
      return row!;
    };
    const first = await stored();
    expect(Math.abs(first.lastUsedAt.getTime() - t.clock.now().getTime())).toBeLessThan(5_000);
    for (let i = 0; i < 5; i++) expect((await t.call('GET', '/v1/auth/user', { token: acc.token })).status).toBe(200);
    t.clock.advance(50_000);
    expect((await t.call('GET', '/v1/users/user', { token: acc.token })).status).toBe(200);
    expect(await stored()).toEqual(first);

    t.clock.advance(15_000);
    const before = t.clock.now().getTime();
    expect((await t.call('GET', '/v1/auth/user', { token: acc.token })).status).toBe(200);
    const touched = await stored();
    expect(touched.lastUsedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(touched.version).not.toBe(first.version);

    t.clock.advance(30_000);
    for (let i = 0; i < 5; i++) expect((await t.call('GET', '/v1/auth/user', { token: acc.token })).status).toBe(200);
    expect(await stored()).toEqual(touched);
  });

  it('stores only the SHA-256 of session tokens', async () => {
    const acc = await signUp(t);
    const rows = await t.api.db.select().from(sessions).where(eq(sessions.userId, acc.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const { createHash } = await import('node:crypto');
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(acc.token).digest('hex'));
    const all = JSON.stringify(await t.api.db.select().from(sessions));
    expect(all).not.toContain(acc.token);
  });
});

describe('POST /api/v1/auth/sign-out', () => {
  async function threeSessions() {
    const acc = await signUp(t);
    const ip = freshIp();
    const more = [];
    for (let i = 0; i < 2; i++) {
      more.push(
        (await t.call('POST', '/v1/auth/sign-in', { body: { email: acc.email, password: acc.password }, ip })).body
          .token as string,
      );
    }
    return [acc.token, ...more] as [string, string, string];
  }
  const alive = async (token: string) => (await t.call('GET', '/v1/auth/user', { token })).status === 200;

  it('local ends only this session', async () => {
    const [a, b, c] = await threeSessions();
    const res = await t.call('POST', '/v1/auth/sign-out', { token: a, body: { scope: 'local' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Successfully logged out' });
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([false, true, true]);
  });

  it('others ends all but this one', async () => {
    const [a, b, c] = await threeSessions();
    await t.call('POST', '/v1/auth/sign-out', { token: a, body: { scope: 'others' } });
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([true, false, false]);
  });

  it('global (the default) ends every session', async () => {
    const [a, b, c] = await threeSessions();
    await t.call('POST', '/v1/auth/sign-out', { token: b, body: { scope: 'global' } });
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([false, false, false]);
    const [d, e] = await threeSessions();
    expect((await t.call('POST', '/v1/auth/sign-out', { token: d })).status).toBe(200);
    expect([await alive(d), await alive(e)]).toEqual([false, false]);
  });

  it('answers 401 without a valid token and 400 for an unknown scope', async () => {
    expect((await t.call('POST', '/v1/auth/sign-out', { body: { scope: 'global' } })).status).toBe(401);
    const [a] = await threeSessions();
    const res = await t.call('POST', '/v1/auth/sign-out', { token: a, body: { scope: 'everyone' } });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('scope');
  });
});

// Every change to a session or its user shows on the very next request, however often the session was
// used just before.
describe('a session in use', () => {
  const user = async (token: string) => t.call('GET', '/v1/auth/user', { token });
  async function primed() {
    const acc = await signUp(t);
    for (let i = 0; i < 3; i++) expect((await user(acc.token)).status).toBe(200);
    return acc;
  }

  it('ends with the session: sign-out here, and from another device', async () => {
    const acc = await primed();
    const other = (
      await t.call('POST', '/v1/auth/sign-in', { body: { email: acc.email, password: acc.password }, ip: freshIp() })
    ).body.token as string;
    expect((await user(other)).status).toBe(200);
    await t.call('POST', '/v1/auth/sign-out', { token: other, body: { scope: 'others' } });
    expect((await user(acc.token)).status).toBe(401);
    expect((await user(other)).status).toBe(200);
    await t.call('POST', '/v1/auth/sign-out', { token: other, body: { scope: 'local' } });
    expect((await user(other)).status).toBe(401);
  });

  it('shows a change to the user at once: name, role, deletion', async () => {
    const acc = await primed();
    await t.api.db.update(users).set({ name: 'Renamed Person' }).where(eq(users.id, acc.user._id));
    expect((await user(acc.token)).body.userData.name).toBe('Renamed Person');
    expect((await t.call('GET', '/v1/admin/user', { token: acc.token })).status).toBe(403);
    await setAdmin(t.api.db, acc.email, true);
    expect((await t.call('GET', '/v1/admin/user', { token: acc.token })).status).toBe(200);
    await t.api.db.delete(users).where(eq(users.id, acc.user._id));
    expect((await user(acc.token)).status).toBe(401);
  });

  it('ends a session when it expires', async () => {
    const acc = await primed();
    t.clock.advance(30 * 86_400_000 + 1000);
    expect((await user(acc.token)).status).toBe(401);
  });
});

describe('session lookups that arrive at once', () => {
  it('answer each request with its own account', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => signUp(t)));
    const calls = accounts.flatMap((acc) => Array.from({ length: 8 }, () => acc));
    const answers = await Promise.all(calls.map((acc) => t.call('GET', '/v1/auth/user', { token: acc.token })));
    expect(answers.map((res) => res.status)).toEqual(calls.map(() => 200));
    expect(answers.map((res) => res.body.userData.email)).toEqual(calls.map((acc) => acc.email));
    const signedOut = await t.call('POST', '/v1/auth/sign-out', {
      token: accounts[0]!.token,
      body: { scope: 'local' },
    });
    expect(signedOut.status).toBe(200);
    const after = await Promise.all(accounts.map((acc) => t.call('GET', '/v1/auth/user', { token: acc.token })));
    expect(after.map((res) => res.status)).toEqual([401, 200, 200, 200, 200, 200]);
  });
});
