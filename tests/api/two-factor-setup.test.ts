// Two-factor with an authenticator app, on and off: set-up and enabling with a first code, the secret kept
// encrypted and bound to its user, turning it off with the password or a code (with a notice), new
// recovery codes, the export, and REQUIRE_ADMIN_2FA. The fixture: tests/helpers/two-factor-api.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, twoFactor } from '../../src/server/db/schema.ts';
import { makeAdmin } from '../helpers/admin.ts';
import { freshIp, proveAddress, startTestApi, type TestApi } from '../helpers/api.ts';
import { addFactorCode } from '../helpers/step-up.ts';
import {
  codeAt,
  passwordStep,
  signInWith,
  smtp,
  t,
  turnOn,
  useTwoFactorApi,
  verifiedAccount,
} from '../helpers/two-factor-api.ts';

useTwoFactorApi();

describe('setting two-factor up', () => {
  it('answers a secret and its otpauth URL, and turns on only with a right first code', async () => {
    const acc = await verifiedAccount();
    const status = await t.call('GET', '/v1/account/two-factor', { token: acc.token });
    expect(status.body).toEqual({ success: true, enabled: false, recoveryCodesLeft: 0 });
    const setup = await t.call('POST', '/v1/account/two-factor/setup', {
      token: acc.token,
      body: { otp: await addFactorCode(t, smtp, acc) },
    });
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
    const again = await t.call('POST', '/v1/account/two-factor/setup', {
      token: acc.token,
      body: { otp: await addFactorCode(t, smtp, acc) },
    });
    expect(again.status).toBe(409);
  });

  it('keeps the secret encrypted, bound to its user, and the recovery codes hashed', async () => {
    const acc = await verifiedAccount();
    const { secret, recovery } = await turnOn(acc);
    const [row] = await t.api.db.select().from(twoFactor).where(eq(twoFactor.userId, acc.user._id));
    expect(row!.secret).toMatch(/^v1\./);
    expect(row!.secret).not.toContain(secret);
    const stored = await t.api.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, acc.user._id));
    expect(stored).toHaveLength(10);
    for (const code of recovery) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));

    // The same ciphertext on another user's row does not open: the secret's codes are refused there,
    // and that user's recovery codes still work.
    const other = await verifiedAccount();
    const others = await turnOn(other);
    await t.api.db.update(twoFactor).set({ secret: row!.secret }).where(eq(twoFactor.userId, other.user._id));
    const refused = await signInWith(other, codeAt(secret, 1));
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Invalid code');
    expect((await signInWith(other, others.recovery[0]!)).status).toBe(200);
    expect((await signInWith(acc, codeAt(secret, 1))).status).toBe(200);
  });
});

describe('turning two-factor off and new recovery codes', () => {
  it('needs the password or a code; turning off mails a notice', async () => {
    const acc = await verifiedAccount();
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
    const mail = await smtp.waitFor((m) => m.to === acc.email && /turned off/.test(m.subject));
    expect(mail.subject).toMatch(/^Two-factor authentication was turned off – /);
    expect((await passwordStep(acc)).token).toEqual(expect.any(String));
    expect(await t.api.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, acc.user._id))).toEqual([]);
    expect(
      (await t.call('POST', '/v1/account/two-factor/disable', { token: acc.token, body: { password: acc.password } }))
        .status,
    ).toBe(409);
  });

  it('turns off with the password', async () => {
    const acc = await verifiedAccount();
    await turnOn(acc);
    const off = await t.call('POST', '/v1/account/two-factor/disable', {
      token: acc.token,
      body: { password: acc.password },
      ip: freshIp(),
    });
    expect(off.status).toBe(200);
    expect((await t.call('GET', '/v1/account/two-factor', { token: acc.token })).body.enabled).toBe(false);
  });

  it('makes new recovery codes, after which the old ones no longer work', async () => {
    const acc = await verifiedAccount();
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
    const acc = await verifiedAccount();
    await turnOn(acc);
    expect((await t.call('GET', '/v1/account/export', { token: acc.token })).body.twoFactorEnabled).toBe(true);
  });
});

describe('REQUIRE_ADMIN_2FA=true', () => {
  let strict: TestApi;
  beforeAll(async () => {
    strict = await startTestApi({ REQUIRE_ADMIN_2FA: 'true', SMTP_URL: smtp.url }, t.clock);
  });
  afterAll(() => strict.close());

  it('lets an admin signed in with a password and a code through, not one with the password alone', async () => {
    const admin = await makeAdmin(strict);
    await proveAddress(strict, smtp, admin);
    const refused = await strict.call('GET', '/v1/admin/contact', { token: admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Two-factor authentication required');
    const { secret } = await turnOn(admin, strict);
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
