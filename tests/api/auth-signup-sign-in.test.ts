// Accounts: signup (the stored hash, taken addresses, the spec's messages, malformed and oversized bodies,
// the per-address limit) and sign-in with a password (one answer for every failure, its limits).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOptions } from '@node-rs/argon2';
import { LIMITS } from '../../src/lib/constants.ts';
import { users } from '../../src/server/db/schema.ts';
import { eq } from 'drizzle-orm';
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
