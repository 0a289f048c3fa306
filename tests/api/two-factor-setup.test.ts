// Two-factor with an authenticator app, on and off: set-up and enabling with a first code, the secret kept
// encrypted and bound to its user, turning it off with the password or a code (with a notice), new
// recovery codes, the export, and REQUIRE_ADMIN_2FA. The fixture: tests/helpers/two-factor-api.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_WITH_CODE } from '../../src/lib/schemas/two-factor.ts';
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
  it('needs a fresh two-factor session or a code, never the password alone; turning off mails a notice', async () => {
    const acc = await verifiedAccount();
    const { secret } = await turnOn(acc);
    // Ten minutes on, the session that turned it on is no longer fresh.
    t.clock.advance(11 * 60_000);
    const disable = (body: object) =>
      t.call('POST', '/v1/account/two-factor/disable', { token: acc.token, body, ip: freshIp() });
    const password = await disable({ password: acc.password });
    expect(password.status).toBe(403);
    expect(password.body).toMatchObject({ message: CONFIRM_WITH_CODE, twoFactorRequired: true });
    const badCode = await disable({ code: '123456' });
    expect(badCode.status).toBe(401);
    expect(badCode.body.issues).toEqual([{ path: 'code', message: 'Invalid code' }]);
    expect((await disable({})).status).toBe(403);

    const off = await disable({ code: codeAt(secret, 0) });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === acc.email && /turned off/.test(m.subject));
    expect(mail.subject).toMatch(/^Two-factor authentication was turned off – /);
    expect((await passwordStep(acc)).token).toEqual(expect.any(String));
    expect(await t.api.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, acc.user._id))).toEqual([]);
    // The code stepped the session up: it is fresh again, and two-factor is off now.
    expect((await disable({})).status).toBe(409);
  });

  it('turns off from the session that just turned it on, which proved two factors', async () => {
    const acc = await verifiedAccount();
    await turnOn(acc);
    const off = await t.call('POST', '/v1/account/two-factor/disable', { token: acc.token, body: {}, ip: freshIp() });
    expect(off.status).toBe(200);
    expect((await t.call('GET', '/v1/account/two-factor', { token: acc.token })).body.enabled).toBe(false);
  });

  it('makes new recovery codes with a code, after which the old ones no longer work', async () => {
    const acc = await verifiedAccount();
    const { secret, recovery } = await turnOn(acc);
    t.clock.advance(11 * 60_000);
    const regenerate = (body: object) =>
      t.call('POST', '/v1/account/two-factor/recovery-codes', { token: acc.token, body, ip: freshIp() });
    expect((await regenerate({ password: acc.password })).status).toBe(403);
    const res = await regenerate({ code: codeAt(secret, 0) });
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
    const before = await strict.call('POST', '/v1/auth/sign-in', {
      body: { email: admin.email, password: admin.password },
      ip: freshIp(),
    });
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
    // The session that turned it on proved two factors with the app's first code; another session from
    // before it was on has ended.
    expect((await strict.call('GET', '/v1/admin/contact', { token: admin.token })).status).toBe(200);
    expect((await strict.call('GET', '/v1/admin/contact', { token: before.body.token })).status).toBe(401);
  });
});
