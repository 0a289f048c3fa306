// Two-factor sign-in with an authenticator app: set-up, enabling with a first code, the sign-in's second
// step with codes computed here (RFC 6238, tests/helpers/totp.ts) on a clock that stands still, the ±1
// step window, a reused code refused, single-use recovery codes, wrong codes against the sign-in limits,
// turning it off (with a notice) and REQUIRE_ADMIN_2FA.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, recoveryCodes, sessions, twoFactor, users } from '../../src/server/db/schema.ts';
import { makeAdmin } from '../helpers/admin.ts';
import { type Account, freshIp, frozenClock, signUp, startTestApi, type TestApi } from '../helpers/api.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';
import { stepAt, totpCode } from '../helpers/totp.ts';

const STEP = 30_000;
let t: TestApi;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  // The middle of a time step, standing still: a code computed here is the one the server expects.
  t = await startTestApi({ SMTP_URL: smtp.url }, frozenClock(Math.floor(Date.now() / STEP) * STEP + STEP / 2));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const now = () => t.clock.now();
const codeAt = (secret: string, offset: number) => totpCode(secret, stepAt(now()) + offset);

/** Sets two-factor up and on; returns the secret and the recovery codes. */
async function turnOn(acc: Account) {
  const setup = await t.call('POST', '/v1/account/two-factor/setup', { token: acc.token });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const { secret } = setup.body;
  const on = await t.call('POST', '/v1/account/two-factor/enable', {
    token: acc.token,
    body: { code: codeAt(secret, 0) },
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return { secret: secret as string, recovery: on.body.recoveryCodes as string[] };
}

async function passwordStep(acc: Account, ip = freshIp()) {
  const res = await t.call('POST', '/v1/auth/sign-in', { body: { email: acc.email, password: acc.password }, ip });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const codeStep = (challenge: string, code: string, ip = freshIp()) =>
  t.call('POST', '/v1/auth/two-factor', { body: { challenge, code }, ip });

async function signInWith(acc: Account, code: string) {
  const { challenge } = await passwordStep(acc);
  return codeStep(challenge, code);
}

describe('setting two-factor up', () => {
  it('answers a secret and its otpauth URL, and turns on only with a right first code', async () => {
    const acc = await signUp(t);
    const status = await t.call('GET', '/v1/account/two-factor', { token: acc.token });
    expect(status.body).toEqual({ success: true, enabled: false, recoveryCodesLeft: 0 });
    const setup = await t.call('POST', '/v1/account/two-factor/setup', { token: acc.token });
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(setup.body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toContain(acc.email);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      secret: setup.body.secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });

    const wrong = await t.call('POST', '/v1/account/two-factor/enable', {
      token: acc.token,
      body: { code: codeAt(setup.body.secret, 3) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([{ path: 'code', message: 'Invalid code' }]);
    expect((await t.call('GET', '/v1/account/two-factor', { token: acc.token })).body.enabled).toBe(false);

    const on = await t.call('POST', '/v1/account/two-factor/enable', {
      token: acc.token,
      body: { code: codeAt(setup.body.secret, 0) },
    });
    expect(on.status).toBe(200);
    expect(on.body.recoveryCodes).toHaveLength(10);
    expect(new Set(on.body.recoveryCodes).size).toBe(10);
    for (const code of on.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await t.call('GET', '/v1/account/two-factor', { token: acc.token })).body).toEqual({
      success: true,
      enabled: true,
      recoveryCodesLeft: 10,
    });
    const again = await t.call('POST', '/v1/account/two-factor/setup', { token: acc.token });
    expect(again.status).toBe(409);
  });

  it('keeps the secret encrypted, bound to its user, and the recovery codes hashed', async () => {
    const acc = await signUp(t);
    const { secret, recovery } = await turnOn(acc);
    const [row] = await t.api.db.select().from(twoFactor).where(eq(twoFactor.userId, acc.user._id));
    expect(row!.secret).toMatch(/^v1\./);
    expect(row!.secret).not.toContain(secret);
    const stored = await t.api.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, acc.user._id));
    expect(stored).toHaveLength(10);
    for (const code of recovery) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));

    // The same ciphertext on another user's row does not open: the secret's codes are refused there,
    // and that user's recovery codes still work.
    const other = await signUp(t);
    const others = await turnOn(other);
    await t.api.db.update(twoFactor).set({ secret: row!.secret }).where(eq(twoFactor.userId, other.user._id));
    const refused = await signInWith(other, codeAt(secret, 1));
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Invalid code');
    expect((await signInWith(other, others.recovery[0]!)).status).toBe(200);
    expect((await signInWith(acc, codeAt(secret, 1))).status).toBe(200);
  });
});

describe('signing in with two-factor on', () => {
  it('answers twoFactorRequired with a challenge and no token, then signs in with a code of the app', async () => {
    const acc = await signUp(t);
    const { secret } = await turnOn(acc);
    const first = await passwordStep(acc);
    expect(first).toEqual({
      success: true,
      message: 'Enter the code from your authenticator app',
      twoFactorRequired: true,
      challenge: expect.any(String),
    });
    const res = await codeStep(first.challenge, codeAt(secret, 1));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Signed in successfully',
      token: expect.any(String),
      user: acc.user,
      // This browser is known to the account from now on, as after a password sign-in.
      deviceToken: expect.any(String),
    });
    const [session] = await t.api.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha(res.body.token)));
    expect(session!.method).toBe('two-factor');
    // Single use: the challenge does not sign in twice, even with another good code.
    const twice = await codeStep(first.challenge, codeAt(secret, 2));
    expect(twice.status).toBe(401);
    expect(twice.body.message).toBe('This sign-in has expired. Please sign in again.');
  });

  it('accepts one step either side of now, refuses two steps away, and refuses a code once used (or older)', async () => {
    const acc = await signUp(t);
    const { secret } = await turnOn(acc);
    // Enabling used the current step: its code, and older ones, are spent.
    expect((await signInWith(acc, codeAt(secret, 0))).status).toBe(401);
    expect((await signInWith(acc, codeAt(secret, -1))).status).toBe(401);
    expect((await signInWith(acc, codeAt(secret, 2))).status).toBe(401);
    expect((await signInWith(acc, codeAt(secret, 1))).status).toBe(200);
    const reused = await signInWith(acc, codeAt(secret, 1));
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({
      success: false,
      message: 'Invalid code',
      issues: [{ path: 'code', message: 'Invalid code' }],
    });

    t.clock.advance(5 * STEP);
    expect((await signInWith(acc, codeAt(secret, -2))).status).toBe(401);
    expect((await signInWith(acc, codeAt(secret, -1))).status).toBe(200);
    expect((await signInWith(acc, codeAt(secret, 0))).status).toBe(200);
  });

  it('takes each recovery code once, in any case and with spaces', async () => {
    const acc = await signUp(t);
    const { recovery } = await turnOn(acc);
    const typed = ` ${recovery[3]!.toUpperCase().replace('-', ' - ')} `;
    expect((await signInWith(acc, typed)).status).toBe(200);
    expect((await signInWith(acc, recovery[3]!)).status).toBe(401);
    expect((await signInWith(acc, recovery[4]!)).status).toBe(200);
    expect((await t.call('GET', '/v1/account/two-factor', { token: acc.token })).body.recoveryCodesLeft).toBe(8);
  });

  it('refuses a challenge after 5 minutes, and after 5 wrong codes', async () => {
    const acc = await signUp(t);
    const { secret } = await turnOn(acc);
    const { challenge } = await passwordStep(acc);
    t.clock.advance(5 * 60_000 + 1_000);
    const late = await codeStep(challenge, codeAt(secret, 0));
    expect(late.status).toBe(401);
    expect(late.body.message).toBe('This sign-in has expired. Please sign in again.');

    const second = await passwordStep(acc);
    for (let i = 0; i < 5; i++) expect((await codeStep(second.challenge, '000000')).body.message).toBe('Invalid code');
    const after = await codeStep(second.challenge, codeAt(secret, 1));
    expect(after.body.message).toBe('This sign-in has expired. Please sign in again.');
  });

  it('counts wrong codes against the sign-in limits of the account', async () => {
    const acc = await signUp(t);
    const { secret } = await turnOn(acc);
    for (let round = 0; round < 2; round++) {
      const { challenge } = await passwordStep(acc);
      for (let i = 0; i < 5; i++) expect((await codeStep(challenge, '000000')).status).toBe(401);
    }
    // Ten failures in the window: the password step is refused from any address now.
    const blocked = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: acc.email, password: acc.password },
      ip: freshIp(),
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    t.clock.advance(15 * 60_000);
    expect((await signInWith(acc, codeAt(secret, 1))).status).toBe(200);
  });
});

describe('turning two-factor off and new recovery codes', () => {
  it('needs the password or a code; turning off mails a notice to a verified address', async () => {
    const acc = await signUp(t);
    await t.api.db.update(users).set({ isAccountVerified: true }).where(eq(users.id, acc.user._id));
    const { secret } = await turnOn(acc);
    const wrong = await t.call('POST', '/v1/account/two-factor/disable', {
      token: acc.token,
      body: { password: 'not-it-at-all' },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.issues).toEqual([{ path: 'password', message: 'Incorrect password' }]);
    const badCode = await t.call('POST', '/v1/account/two-factor/disable', {
      token: acc.token,
      body: { code: '123456' },
      ip: freshIp(),
    });
    expect(badCode.status).toBe(401);
    const neither = await t.call('POST', '/v1/account/two-factor/disable', {
      token: acc.token,
      body: {},
      ip: freshIp(),
    });
    expect(neither.status).toBe(400);

    const off = await t.call('POST', '/v1/account/two-factor/disable', {
      token: acc.token,
      body: { code: codeAt(secret, 1) },
      ip: freshIp(),
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === acc.email);
    expect(mail.subject).toMatch(/^Two-factor authentication was turned off – /);
    expect((await passwordStep(acc)).token).toEqual(expect.any(String));
    expect(await t.api.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, acc.user._id))).toEqual([]);
    expect(
      (await t.call('POST', '/v1/account/two-factor/disable', { token: acc.token, body: { password: acc.password } }))
        .status,
    ).toBe(409);
  });

  it('turns off with the password, without a mail to an unverified address', async () => {
    const acc = await signUp(t);
    await turnOn(acc);
    const off = await t.call('POST', '/v1/account/two-factor/disable', {
      token: acc.token,
      body: { password: acc.password },
      ip: freshIp(),
    });
    expect(off.status).toBe(200);
    expect(await t.api.db.select().from(outbox).where(eq(outbox.to, acc.email))).toEqual([]);
  });

  it('makes new recovery codes, after which the old ones no longer work', async () => {
    const acc = await signUp(t);
    const { recovery } = await turnOn(acc);
    const res = await t.call('POST', '/v1/account/two-factor/recovery-codes', {
      token: acc.token,
      body: { password: acc.password },
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body.recoveryCodes).toHaveLength(10);
    expect((await signInWith(acc, recovery[0]!)).status).toBe(401);
    expect((await signInWith(acc, res.body.recoveryCodes[0])).status).toBe(200);
  });

  it('exports whether two-factor is on', async () => {
    const acc = await signUp(t);
    await turnOn(acc);
    expect((await t.call('GET', '/v1/account/export', { token: acc.token })).body.twoFactorEnabled).toBe(true);
  });
});

describe('REQUIRE_ADMIN_2FA=true', () => {
  let strict: TestApi;
  beforeAll(async () => {
    strict = await startTestApi({ REQUIRE_ADMIN_2FA: 'true' }, t.clock);
  });
  afterAll(() => strict.close());

  it('lets an admin signed in with a password and a code through, not one with the password alone', async () => {
    const admin = await makeAdmin(strict);
    const refused = await strict.call('GET', '/v1/admin/contact', { token: admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Two-factor authentication required');
    const setup = await strict.call('POST', '/v1/account/two-factor/setup', { token: admin.token });
    const secret = setup.body.secret as string;
    await strict.call('POST', '/v1/account/two-factor/enable', {
      token: admin.token,
      body: { code: codeAt(secret, 0) },
    });
    const first = await strict.call('POST', '/v1/auth/sign-in', {
      body: { email: admin.email, password: admin.password },
      ip: freshIp(),
    });
    const second = await strict.call('POST', '/v1/auth/two-factor', {
      body: { challenge: first.body.challenge, code: codeAt(secret, 1) },
      ip: freshIp(),
    });
    expect(second.status).toBe(200);
    expect((await strict.call('GET', '/v1/admin/contact', { token: second.body.token })).status).toBe(200);
    // The session from before two-factor was on still holds a password alone.
    expect((await strict.call('GET', '/v1/admin/contact', { token: admin.token })).status).toBe(403);
  });
});

function sha(token: string) {
  return createHash('sha256').update(token).digest('hex');
}
