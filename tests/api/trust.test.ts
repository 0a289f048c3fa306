// One model of trust, as an attacker tries it: a session that knew only the password cannot make itself
// two-factor once the owner turns the authenticator app on; a change of how the account signs in ends its
// other sessions; the owner's proof of an address a stranger signed up with clears the stranger's name
// and language; a verification code just mailed does not hold up the add-factor code.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { sha256 } from '../../src/server/auth/tokens.ts';
import { sessions, users } from '../../src/server/db/schema.ts';
import { makeAdmin } from '../helpers/admin.ts';
import { freshIp, signUp } from '../helpers/api.ts';
import { extractCode } from '../helpers/smtp-catcher.ts';
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

/** A session row as a password sign-in from before the app was on left it: one factor. */
async function plantOneFactorSession(userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = t.clock.now();
  await t.api.db.insert(sessions).values({
    id: randomUUID(),
    tokenHash: sha256(token),
    userId,
    createdAt: new Date(now.getTime() - 86_400_000),
    lastUsedAt: now,
    userAgent: null,
    method: 'password',
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return token;
}

describe('a session that proved the password alone', () => {
  it('cannot make recovery codes or turn the app off once the owner turned it on', async () => {
    const owner = await verifiedAccount();
    // The attacker signed in with the stolen password before the owner turned the app on.
    const attacker = await passwordStep(owner);
    const { secret, recovery } = await turnOn(owner);
    const codes = await t.call('POST', '/v1/account/two-factor/recovery-codes', {
      token: attacker.token,
      body: { password: owner.password },
      ip: freshIp(),
    });
    expect(codes.status, JSON.stringify(codes.body)).not.toBe(200);
    expect(codes.body.recoveryCodes).toBeUndefined();
    const off = await t.call('POST', '/v1/account/two-factor/disable', {
      token: attacker.token,
      body: { password: owner.password },
      ip: freshIp(),
    });
    expect(off.status).not.toBe(200);
    expect((await t.call('GET', '/v1/account/two-factor', { token: owner.token })).body.enabled).toBe(true);
    // The attacker's session ended when the app was turned on; the owner's codes still work.
    expect((await t.call('GET', '/v1/account', { token: attacker.token })).status).toBe(401);
    expect((await signInWith(owner, recovery[0]!)).status).toBe(200);
    expect((await signInWith(owner, codeAt(secret, 1))).status).toBe(200);
  });

  it('that outlived the change (kept from before this release) still cannot change a factor with it', async () => {
    const owner = await verifiedAccount();
    await turnOn(owner);
    const token = await plantOneFactorSession(owner.user._id);
    for (const path of ['/v1/account/two-factor/recovery-codes', '/v1/account/two-factor/disable']) {
      const res = await t.call('POST', path, { token, body: { password: owner.password }, ip: freshIp() });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(403);
    }
    expect((await t.call('GET', '/v1/account/two-factor', { token: owner.token })).body.enabled).toBe(true);
  });

  it('changes the password only with a code of the app as well, which steps the session up', async () => {
    const owner = await verifiedAccount();
    const { secret } = await turnOn(owner);
    const token = await plantOneFactorSession(owner.user._id);
    const change = (body: object) =>
      t.call('POST', '/v1/account/password', {
        token,
        body: { currentPassword: owner.password, newPassword: 'An0ther-g00d-passw0rd', ...body },
        ip: freshIp(),
      });
    const refused = await change({});
    expect(refused.status).toBe(403);
    expect(refused.body.twoFactorRequired).toBe(true);
    const changed = await change({ code: codeAt(secret, 1) });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The other sessions (the owner's, which turned the app on) ended with the change.
    expect((await t.call('GET', '/v1/account', { token: owner.token })).status).toBe(401);
    const [row] = await t.api.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(row).toMatchObject({ factors: 2, twoFactorsAt: t.clock.now() });
  });
});

describe('adding a passkey to an account with the app', () => {
  it('takes a code of the app instead of the mailed code, from a session that is not fresh', async () => {
    const owner = await verifiedAccount();
    const { secret } = await turnOn(owner);
    const token = await plantOneFactorSession(owner.user._id);
    const options = (body: object) => t.call('POST', '/v1/account/passkeys/options', { token, body, ip: freshIp() });
    const asked = await options({});
    expect(asked.status).toBe(403);
    expect(asked.body.twoFactorRequired).toBe(true);
    // The mailed add-factor code is for an account without the app.
    expect((await options({ otp: '123456' })).status).toBe(403);
    const given = await options({ code: codeAt(secret, 1) });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.challenge).toEqual(expect.any(String));
  });
});

describe('a change of how the account signs in', () => {
  it('ends every other session when a passkey-less account turns the app on, and the notice says so', async () => {
    const owner = await verifiedAccount();
    const other = await passwordStep(owner);
    await turnOn(owner);
    expect((await t.call('GET', '/v1/account', { token: other.token })).status).toBe(401);
    expect((await t.call('GET', '/v1/account', { token: owner.token })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === owner.email && /turned on/.test(m.subject));
    expect(mail.text).toContain('Every other device was signed out.');
  });
});

describe("the owner's proof of an address a stranger signed up with", () => {
  it('by a reset code clears the name and the language the stranger chose', async () => {
    const email = `owner-${Date.now()}@example.com`;
    const res = await t.call('POST', '/v1/auth/signup', {
      body: { name: 'Stranger Danger', email, password: 'Str4nger-pass!x' },
      headers: { 'accept-language': 'hi' },
      ip: freshIp(),
    });
    expect(res.status).toBe(201);
    expect((await t.call('POST', '/v1/auth/reset-otp', { body: { email }, ip: freshIp() })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === email);
    const reset = await t.call('POST', '/v1/auth/reset-password', {
      body: { email, otp: extractCode(mail.text), NewPassword: 'Owner-0wn-pass!y' },
      headers: { 'accept-language': 'en' },
      ip: freshIp(),
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const [row] = await t.api.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: email.split('@')[0], locale: 'en', isAccountVerified: true });
    const notice = await smtp.waitFor((m) => m.to === email && /reset/.test(m.subject));
    expect(notice.subject).toMatch(/^Your password was reset – /);
  });

  it('by an admin clears them too, to the language of the page the admin verified it from', async () => {
    const admin = await makeAdmin(t);
    const stranger = await signUp(t, { name: 'Stranger Danger' });
    await t.api.db.update(users).set({ locale: 'hi' }).where(eq(users.id, stranger.user._id));
    // A fresh two-factor admin session is not needed here: this API does not require it.
    const res = await t.call('PATCH', `/v1/admin/user/${stranger.user._id}`, {
      token: admin.token,
      body: { isAccountVerified: true },
      headers: { 'accept-language': 'en' },
      ip: freshIp(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await t.api.db.select().from(users).where(eq(users.id, stranger.user._id));
    expect(row).toMatchObject({ name: stranger.email.split('@')[0], locale: 'en' });
  });
});

describe('code mails', () => {
  it('are limited per address and purpose: the add-factor code right after verifying the address is sent', async () => {
    const acc = await signUp(t);
    const sent = await t.call('POST', '/v1/auth/verify-otp', { token: acc.token, ip: freshIp() });
    expect(sent.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === acc.email && /Verify your e-mail/.test(m.subject));
    const verified = await t.call('POST', '/v1/auth/verify-account', {
      token: acc.token,
      body: { otp: extractCode(mail.text) },
      ip: freshIp(),
    });
    expect(verified.status).toBe(200);
    // Within the same minute, on the frozen clock.
    const addFactor = await t.call('POST', '/v1/account/code', {
      token: acc.token,
      body: { purpose: 'add-factor' },
      ip: freshIp(),
    });
    expect(addFactor.status, JSON.stringify(addFactor.body)).toBe(200);
    // The same purpose again within the minute is still held.
    const again = await t.call('POST', '/v1/account/code', {
      token: acc.token,
      body: { purpose: 'add-factor' },
      ip: freshIp(),
    });
    expect(again.status).toBe(429);
  });
});
