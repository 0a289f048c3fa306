// Accounts and sessions: signup, sign-in, current user, sign-out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOptions } from '@node-rs/argon2';
import { LIMITS } from '../../src/lib/constants.ts';
import { sessions, users } from '../../src/server/db/schema.ts';
import { eq, sql } from 'drizzle-orm';
import { setAdmin } from '../../src/server/cli/admin-commands.ts';
import { freshIp, signUp, startTestApi, type TestApi } from '../helpers/api.ts';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(() => t.close());

describe('POST /api/v1/auth/signup', () => {
  it('creates an account, answers 201 with a token and the user', async () => {
    const res = await t.call('POST', '/v1/auth/signup', {
      body: { name: 'Ada Lovelace', email: 'Ada@Example.com', password: 'analytical-engine' },
      ip: freshIp(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Account created successfully!' });
    expect(res.body.token).toMatch(/^[\w-]{43}$/);
    expect(res.body.user).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      isAccountVerified: false,
      isAdmin: false,
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('stores an argon2id hash with m=19456, t=2, p=1', async () => {
    const [row] = await t.api.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('analytical-engine');
    const params = parseOptions(row!.passwordHash!);
    expect([params.memoryCost, params.timeCost, params.parallelism]).toEqual([19456, 2, 1]);
  });

  it('answers 409 for an address already taken, whatever its case', async () => {
    const res = await t.call('POST', '/v1/auth/signup', {
      body: { name: 'Someone', email: 'ADA@example.com', password: 'another-long-one' },
      ip: freshIp(),
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: 'An account with this email already exists' });
  });

  it('answers 400 with the zod issues and the spec messages', async () => {
    const res = await t.call('POST', '/v1/auth/signup', {
      body: { name: 'A', email: 'nope', password: '123' },
      ip: freshIp(),
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name must be at least 2 characters' },
        { path: 'email', message: 'Please enter a valid email' },
        { path: 'password', message: 'Password must be at least 6 characters' },
      ]),
    );
  });

  it('refuses a common password and one over 128 characters', async () => {
    const common = await t.call('POST', '/v1/auth/signup', {
      body: { name: 'Common', email: 'common@example.com', password: 'Password123' },
      ip: freshIp(),
    });
    expect(common.status).toBe(400);
    expect(common.body.issues).toEqual([{ path: 'password', message: expect.stringMatching(/too common/) }]);
    const long = await t.call('POST', '/v1/auth/signup', {
      body: { name: 'Long', email: 'long@example.com', password: 'x'.repeat(129) },
      ip: freshIp(),
    });
    expect(long.status).toBe(400);
  });

  it('answers 400 for malformed JSON, 415 for another content type, 413 over 4 KiB (the contact form alone takes more)', async () => {
    const malformed = await t.call('POST', '/v1/auth/signup', { body: '{"name":', ip: freshIp() });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ success: false, message: 'Malformed JSON in request body' });
    const form = await t.call('POST', '/v1/auth/signup', {
      body: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ip: freshIp(),
    });
    expect(form.status).toBe(415);
    expect(form.body.success).toBe(false);
    const big = await t.call('POST', '/v1/auth/signup', {
      body: { name: 'Big', email: 'big@example.com', password: 'x'.repeat(LIMITS.apiBodyBytes) },
      ip: freshIp(),
    });
    expect(big.status).toBe(413);
    expect(big.body.success).toBe(false);
  });

  it('answers 429 with Retry-After after 20 signups a minute from one address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      // Invalid-but-parsable bodies would not count; an existing address counts and stays cheap (no hashing).
      const res = await t.call('POST', '/v1/auth/signup', {
        body: { name: 'Flood', email: 'ada@example.com', password: 'flood-password' },
        ip,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 409)).toBe(true);
    expect(statuses[20]).toBe(429);
    const again = await t.call('POST', '/v1/auth/signup', {
      body: { name: 'Flood', email: 'ada@example.com', password: 'flood-password' },
      ip,
    });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /api/v1/auth/sign-in', () => {
  it('answers 200 with a new token each time', async () => {
    const acc = await signUp(t);
    const ip = freshIp();
    const a = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: acc.email.toUpperCase(), password: acc.password },
      ip,
    });
    const b = await t.call('POST', '/v1/auth/sign-in', { body: { email: acc.email, password: acc.password }, ip });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ success: true, message: expect.any(String), user: acc.user });
    expect(b.body.token).not.toBe(a.body.token);
  });

  it('answers the same 401 for a wrong password and an unknown address', async () => {
    const acc = await signUp(t);
    const wrong = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: acc.email, password: 'not-the-password' },
      ip: freshIp(),
    });
    const unknown = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: 'ghost@example.com', password: 'not-the-password' },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: 'Invalid credentials' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers 400 for an invalid body', async () => {
    const res = await t.call('POST', '/v1/auth/sign-in', { body: { email: 'x' }, ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(['email', 'password']);
  });

  it('limits one address+e-mail to 10 tries a minute, but not other e-mails from that address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await t.call('POST', '/v1/auth/sign-in', {
            body: { email: 'target@example.com', password: 'guess-guess' },
            ip,
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const other = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: 'other@example.com', password: 'guess-guess' },
      ip,
    });
    expect(other.status).toBe(401);
    const attempt = () =>
      t.call('POST', '/v1/auth/sign-in', { body: { email: 'target@example.com', password: 'guess-guess' }, ip });
    // A minute later the address+e-mail window is over, but the account's 10 failures hold for 15 minutes.
    t.clock.advance(61_000);
    expect((await attempt()).status).toBe(429);
    t.clock.advance(15 * 60_000);
    expect((await attempt()).status).toBe(401);
  });
});

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

// On the embedded PGlite a session lookup is remembered (src/server/auth/session-cache.ts); every change to
// a session or its user must still show on the very next request. Each case primes the lookup first.
describe('a remembered session lookup', () => {
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

  it('ends a session when it expires, remembered or not', async () => {
    const acc = await primed();
    t.clock.advance(30 * 86_400_000 + 1000);
    expect((await user(acc.token)).status).toBe(401);
  });
});

describe('session lookups that arrive together', () => {
  it('answer each request with its own account, however many share a query', async () => {
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
