// Abuse limits that stop an attacker without locking the owner out, and the small leaks they closed
// (docs/decisions/ for the scheme; docs/reliability.md for the figures).
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdmin } from '../../src/server/cli/admin-commands.ts';
import { oneTimeCodes, outbox, rateLimits, sessions } from '../../src/server/db/schema.ts';
import { extractCode, startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';
import { freshIp, signUp, startTestApi, type TestApi } from '../helpers/api.ts';

let t: TestApi;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApi({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const MINUTE = 60_000;
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
async function mailedCode(email: string, send: () => Promise<{ status: number }>): Promise<string> {
  const mark = smtp.messages.length;
  expect((await send()).status).toBe(200);
  const mail = await smtp.waitFor((m) => m.to === email && smtp.messages.indexOf(m) >= mark);
  return extractCode(mail.text);
}
const signIn = (email: string, password: string, ip = freshIp()) =>
  t.call('POST', '/v1/auth/sign-in', { body: { email, password }, ip });
const limitRows = async () => (await t.api.db.select({ n: count() }).from(rateLimits))[0]!.n;

describe('a stranger cannot spend the owner’s quota', () => {
  it('the owner verifies and resets from their own network while an attacker hammers the address', async () => {
    const owner = await signUp(t);
    const attacker = '198.51.100.7';
    const home = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await t.call('POST', '/v1/auth/reset-password', {
        body: { email: owner.email, NewPassword: 'attacker-chosen-secret', otp: String(100000 + i) },
        ip: attacker,
      });
      statuses.push(res.status);
    }
    // The attacker meets their own limit (20 checks an hour for this address from their network)...
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);

    // ...while the owner, from home, verifies the address and resets the password.
    const verifyCode = await mailedCode(owner.email, () =>
      t.call('POST', '/v1/auth/verify-otp', { token: owner.token, body: {}, ip: home }),
    );
    const verified = await t.call('POST', '/v1/auth/verify-account', {
      token: owner.token,
      body: { otp: verifyCode },
      ip: home,
    });
    expect(verified.status).toBe(200);

    t.clock.advance(MINUTE + 1_000);
    const resetCode = await mailedCode(owner.email, () =>
      t.call('POST', '/v1/auth/reset-otp', { body: { email: owner.email }, ip: home }),
    );
    const reset = await t.call('POST', '/v1/auth/reset-password', {
      body: { email: owner.email, NewPassword: 'owner-new-secret-9', otp: resetCode },
      ip: home,
    });
    expect(reset.status).toBe(200);
    expect((await signIn(owner.email, 'owner-new-secret-9', home)).status).toBe(200);
  });
});

describe('clients are keyed by network, in one spelling', () => {
  const signupFrom = (ip: string, i: number) =>
    t.call('POST', '/v1/auth/signup', {
      body: {
        name: 'Net Person',
        email: `net-${ip.replace(/\W/g, '')}-${i}@example.com`,
        password: `Tr0ub4dor&${i}net`,
      },
      ip,
    });

  it('twenty-one addresses of one IPv6 /64, in mixed spellings, share one signup quota (20 a minute)', async () => {
    const spellings = (i: number) =>
      [
        `2001:db8:7:1::${i.toString(16)}`,
        `2001:DB8:7:1::${i.toString(16).toUpperCase()}`,
        `2001:0db8:0007:0001:0:0:0:${i.toString(16)}`,
      ][i % 3]!;
    const statuses: number[] = [];
    for (let i = 1; i <= 21; i++) statuses.push((await signupFrom(spellings(i), i)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses[20]).toBe(429);
    // Another /64 has its own quota.
    expect((await signupFrom('2001:db8:7:2::1', 99)).status).toBe(201);
  });

  it('an IPv4-mapped IPv6 address is the IPv4 address', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 21; i++)
      statuses.push((await signupFrom(i % 2 ? '192.0.2.44' : '::ffff:192.0.2.44', 100 + i)).status);
    expect(statuses[20]).toBe(429);
  });
});

describe('failed sign-ins per account', () => {
  it('ten failures from ten networks hold the account (429 even with the right password); a mailed-code reset lifts it', async () => {
    const owner = await signUp(t);
    for (let i = 0; i < 10; i++) expect((await signIn(owner.email, `wrong-guess-${i}`)).status).toBe(401);
    const held = await signIn(owner.email, owner.password);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(held.body.message).toMatch(/reset your password/);

    const code = await mailedCode(owner.email, () =>
      t.call('POST', '/v1/auth/reset-otp', { body: { email: owner.email }, ip: freshIp() }),
    );
    const reset = await t.call('POST', '/v1/auth/reset-password', {
      body: { email: owner.email, NewPassword: 'after-the-storm-7', otp: code },
      ip: freshIp(),
    });
    expect(reset.status).toBe(200);
    expect((await signIn(owner.email, 'after-the-storm-7')).status).toBe(200);
  });

  it('the window ends after 15 minutes', async () => {
    const owner = await signUp(t);
    for (let i = 0; i < 10; i++) await signIn(owner.email, `wrong-guess-${i}`);
    expect((await signIn(owner.email, owner.password)).status).toBe(429);
    t.clock.advance(15 * MINUTE + 1_000);
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
  });
});

describe('a refused request writes nothing', () => {
  it('sign-ins refused for a full per-address window add no row, whatever e-mail they try', async () => {
    const ip = '198.51.100.200';
    // The address has used its 100 sign-ins of this minute.
    await t.api.db
      .insert(rateLimits)
      .values({ key: `sign-in:ip:${ip}`, count: 100, resetAt: new Date(t.clock.now().getTime() + MINUTE) });
    const before = await limitRows();
    for (let i = 0; i < 40; i++) {
      const res = await signIn(`flood-${i}@example.com`, 'whatever-pass', ip);
      expect(res.status).toBe(429);
    }
    expect(await limitRows()).toBe(before);
  });
});

describe('housekeeping', () => {
  it('purges ended limit windows, expired sessions, used or expired codes and mail delivered over 30 days ago', async () => {
    const acc = await signUp(t);
    await mailedCode(acc.email, () =>
      t.call('POST', '/v1/auth/reset-otp', { body: { email: acc.email }, ip: freshIp() }),
    );
    await t.api.db.insert(outbox).values({
      id: crypto.randomUUID(),
      to: 'old@example.com',
      subject: 'old',
      text: 'old',
      html: 'old',
      nextAttemptAt: t.clock.now(),
      sentAt: t.clock.now(),
      createdAt: t.clock.now(),
    });
    t.clock.advance(31 * 24 * 60 * MINUTE);
    const fresh = await signUp(t); // a live session, a live limit window: kept
    const removed = await t.api.purge();
    expect(Object.values(removed).every((n) => n >= 0)).toBe(true);
    const sessionsOf = async (userId: string) =>
      (await t.api.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;
    expect(await sessionsOf(acc.user._id)).toBe(0);
    expect(await sessionsOf(fresh.user._id)).toBe(1);
    const codes = await t.api.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, acc.user._id));
    expect(codes).toHaveLength(0);
    expect(await t.api.db.select().from(outbox).where(eq(outbox.to, 'old@example.com'))).toHaveLength(0);
    const liveWindows = await t.api.db.select().from(rateLimits).where(like(rateLimits.key, 'signup:%'));
    expect(liveWindows.length).toBeGreaterThan(0);
    expect(liveWindows.every((w) => w.resetAt > t.clock.now())).toBe(true);
  });

  it('a user keeps at most 50 sessions; the oldest end first', async () => {
    const acc = await signUp(t); // its signup session is the oldest
    // 49 more sessions, as if signed in from 49 devices since.
    const start = t.clock.now().getTime();
    await t.api.db.insert(sessions).values(
      Array.from({ length: 49 }, (_, i) => ({
        id: crypto.randomUUID(),
        tokenHash: crypto.randomUUID(),
        userId: acc.user._id,
        createdAt: new Date(start + (i + 1) * 1_000),
        lastUsedAt: new Date(start + (i + 1) * 1_000),
        expiresAt: new Date(start + 30 * 24 * 60 * MINUTE),
      })),
    );
    t.clock.advance(60_000);
    const latest = await signIn(acc.email, acc.password);
    expect(latest.status).toBe(200);
    const n = (await t.api.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, acc.user._id)))[0]!.n;
    expect(n).toBe(50);
    expect((await t.call('GET', '/v1/auth/user', { token: acc.token })).status).toBe(401);
    expect((await t.call('GET', '/v1/auth/user', { token: latest.body.token })).status).toBe(200);
  });
});

describe('no account leaks', () => {
  it('reset-password answers an unknown address exactly as a wrong code for a known one', async () => {
    const acc = await signUp(t);
    const code = await mailedCode(acc.email, () =>
      t.call('POST', '/v1/auth/reset-otp', { body: { email: acc.email }, ip: freshIp() }),
    );
    const known = await t.call('POST', '/v1/auth/reset-password', {
      body: { email: acc.email, NewPassword: 'fine-new-secret', otp: wrongOf(code) },
      ip: freshIp(),
    });
    const unknown = await t.call('POST', '/v1/auth/reset-password', {
      body: { email: 'no-such-person@example.com', NewPassword: 'fine-new-secret', otp: wrongOf(code) },
      ip: freshIp(),
    });
    expect(known.status).toBe(400);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it('an admin’s own id in upper case is still their own (409), and a malformed id is a 400', async () => {
    const admin = await signUp(t);
    await setAdmin(t.api.db, admin.email, true);
    const upper = await t.call('DELETE', `/v1/admin/user/delete/${admin.user._id.toUpperCase()}`, {
      token: admin.token,
    });
    expect(upper.status).toBe(409);
    expect((await t.call('GET', '/v1/auth/user', { token: admin.token })).status).toBe(200);
    const malformed = await t.call('DELETE', '/v1/admin/user/delete/not-an-id', { token: admin.token });
    expect(malformed.status).toBe(400);
  });

  it.each(['aaaaaa', 'letmein1', 'Summer2024', 'password1!', 'Qwerty123'])(
    'refuses the weak password %s',
    async (password) => {
      const res = await t.call('POST', '/v1/auth/signup', {
        body: { name: 'Weak Person', email: `weak-${Math.random()}@example.com`, password },
        ip: freshIp(),
      });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'password', message: expect.stringMatching(/too common/) }]);
    },
  );
});

describe('password hashing is bounded', () => {
  it('a flood of 100 sign-ins at once is turned away with 503 and Retry-After, never queued without end', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => signIn(`nobody-${i}@example.com`, 'some-password-1')),
    );
    const statuses = results.map((r) => r.status);
    const busy = results.filter((r) => r.status === 503);
    console.log(`100 concurrent sign-ins: ${statuses.filter((s) => s === 401).length} × 401, ${busy.length} × 503`);
    expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    for (const r of busy) {
      expect(r.headers.get('retry-after')).toBe('1');
      expect(r.body).toMatchObject({ success: false, message: expect.any(String) });
    }
  });
});
