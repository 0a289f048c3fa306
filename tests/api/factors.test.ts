// Factors mean what they say, tested as a stranger would break them: an unproven address holds no second
// factor; proof of the address by another route (a mailed reset code, Google, an admin) clears what was
// set up before it; adding a factor needs a step-up (a mailed add-factor code, one addition per code, or
// a session that proved two factors within 10 minutes); a passkey without the UV flag is one factor;
// Google asks for the second factor and mails a notice when it links; ADMIN_EMAILS promotes at
// verification and an admin's demotion sticks across restarts; notices after a reset by code and after
// two-factor is turned on.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  knownClients,
  outbox,
  passkeys,
  recoveryCodes,
  sessions,
  twoFactor,
  users,
} from '../../src/server/db/schema.ts';
import { auditSince, lastAuditSeq, makeAdmin } from '../helpers/admin.ts';
import {
  type Account,
  freshIp,
  frozenClock,
  proveAddress,
  signUp,
  startTestApi,
  type TestApi,
} from '../helpers/api.ts';
import { codeFor, type OidcProvider, startOidcProvider } from '../helpers/oidc-provider.ts';
import { extractCode, type SmtpCatcher, startSmtpCatcher } from '../helpers/smtp-catcher.ts';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { addFactorCode, STEP_UP, VERIFY_FIRST } from '../helpers/step-up.ts';
import { stepAt, totpCode } from '../helpers/totp.ts';

const SITE = 'http://localhost:4321';
const STEP = 30_000;
const LISTED = 'listed.admin@example.com';

let t: TestApi;
let smtp: SmtpCatcher;
let idp: OidcProvider;
let admin: Account;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  idp = await startOidcProvider();
  // A clock that stands still in the middle of a time step, so that a code computed here is the server's.
  const clock = frozenClock(Math.floor(Date.now() / STEP) * STEP + STEP / 2);
  t = await startTestApi({ SMTP_URL: smtp.url, SITE_URL: SITE, ADMIN_EMAILS: LISTED, ...idp.env }, clock);
  admin = await makeAdmin(t, { name: 'Asha Admin' });
});
afterAll(async () => {
  await t.close();
  await idp.close();
  await smtp.close();
});

const codeNow = (secret: string, offset = 0) => totpCode(secret, stepAt(t.clock.now()) + offset);
const mailAfter = (mark: number, to: string, subject: RegExp) =>
  smtp.waitFor((m) => m.to === to && subject.test(m.subject) && smtp.messages.indexOf(m) >= mark);

async function verifiedAccount(fields: { email?: string } = {}): Promise<Account> {
  const acc = await signUp(t, fields);
  await proveAddress(t, smtp, acc);
  return acc;
}

/** Adds a passkey after the mailed step-up; the device that holds it. */
async function addPasskey(acc: Account, device = new SoftwareAuthenticator(SITE)) {
  const options = await t.call('POST', '/v1/account/passkeys/options', {
    token: acc.token,
    body: { otp: await addFactorCode(t, smtp, acc) },
  });
  expect(options.status, JSON.stringify(options.body)).toBe(200);
  const added = await t.call('POST', '/v1/account/passkeys', {
    token: acc.token,
    body: { response: device.register(options.body) },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return device;
}

/** Turns two-factor on after the mailed step-up; the secret. */
async function turnOnTwoFactor(acc: Account): Promise<string> {
  const setup = await t.call('POST', '/v1/account/two-factor/setup', {
    token: acc.token,
    body: { otp: await addFactorCode(t, smtp, acc) },
  });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const on = await t.call('POST', '/v1/account/two-factor/enable', {
    token: acc.token,
    body: { code: codeNow(setup.body.secret) },
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return setup.body.secret;
}

async function passkeySignIn(device: SoftwareAuthenticator, userVerified = true) {
  const options = await t.call('POST', '/v1/auth/passkey/options', { ip: freshIp() });
  return t.call('POST', '/v1/auth/passkey', {
    body: { response: device.assert(options.body, undefined, { userVerified }) },
    ip: freshIp(),
  });
}

const setVerified = (acc: Account, isAccountVerified: boolean) =>
  t.call('PATCH', `/v1/admin/user/${acc.user._id}`, { token: admin.token, body: { isAccountVerified } });

const google = (email: string, sub = `sub-${email}`) =>
  t.call('GET', `/v1/auth/google?code=${encodeURIComponent(codeFor({ sub, email, name: 'Google Name' }))}`, {
    ip: freshIp(),
  });

async function resetPasswordByCode(acc: Account, NewPassword: string) {
  t.clock.advance(61_000); // the code mail limit: one a minute to an address
  const mark = smtp.messages.length;
  expect((await t.call('POST', '/v1/auth/reset-otp', { body: { email: acc.email }, ip: freshIp() })).status).toBe(200);
  // In the account's language, which may be the Hindi a stranger chose.
  const mail = await mailAfter(mark, acc.email, /^(Reset your password|अपना पासवर्ड रीसेट करें)/);
  const res = await t.call('POST', '/v1/auth/reset-password', {
    body: { email: acc.email, otp: extractCode(mail.text), NewPassword },
    ip: freshIp(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function factorRows(userId: string) {
  const db = t.api.db;
  return {
    sessions: await db.$count(sessions, eq(sessions.userId, userId)),
    passkeys: await db.$count(passkeys, eq(passkeys.userId, userId)),
    twoFactor: await db.$count(twoFactor, eq(twoFactor.userId, userId)),
    recoveryCodes: await db.$count(recoveryCodes, eq(recoveryCodes.userId, userId)),
    knownClients: await db.$count(knownClients, eq(knownClients.userId, userId)),
  };
}

describe('an unproven address holds no second factor (account pre-hijacking)', () => {
  it("refuses a stranger's passkey and authenticator app on an unverified address; proof by another route clears what came before", async () => {
    // The stranger signs up with the owner's address and tries to plant a factor.
    const stranger = await signUp(t);
    const device = new SoftwareAuthenticator(SITE);
    for (const [path, body] of [
      ['/v1/account/code', { purpose: 'add-factor' }],
      ['/v1/account/passkeys/options', {}],
      [
        '/v1/account/passkeys',
        {
          response: device.register({
            challenge: 'x',
            rp: { id: 'localhost', name: 'x' },
            user: { id: 'x', name: 'x' },
          }),
        },
      ],
      ['/v1/account/two-factor/setup', {}],
      ['/v1/account/two-factor/enable', { code: '123456' }],
    ] as const) {
      const res = await t.call('POST', path, { token: stranger.token, body, ip: freshIp() });
      expect([path, res.status, res.body]).toEqual([path, 403, { success: false, message: VERIFY_FIRST }]);
    }
    expect(await factorRows(stranger.user._id)).toMatchObject({ passkeys: 0, twoFactor: 0 });

    // Factors on an address that is unverified again (an admin took the mark back), then proved by each
    // route that is not the account's own session: everything set up before the proof goes with it.
    const localPart = (acc: Account) => acc.email.split('@')[0];
    for (const [prove, ownerName] of [
      [(acc: Account) => resetPasswordByCode(acc, 'A-new-passw0rd-of-the-owner'), localPart],
      [async (acc: Account) => expect((await google(acc.email)).status).toBe(200), () => 'Google Name'],
      [async (acc: Account) => expect((await setVerified(acc, true)).status).toBe(200), localPart],
    ] as const) {
      const acc = await verifiedAccount();
      const planted = await addPasskey(acc);
      await turnOnTwoFactor(acc);
      expect(await factorRows(acc.user._id)).toMatchObject({ passkeys: 1, twoFactor: 1, recoveryCodes: 10 });
      expect((await setVerified(acc, false)).status).toBe(200);
      // The name and language a stranger could have chosen go too: the proving page's (English) instead.
      await t.api.db.update(users).set({ name: 'Stranger', locale: 'hi' }).where(eq(users.id, acc.user._id));

      await prove(acc);
      const rows = await factorRows(acc.user._id);
      // A Google sign-in opens its own session after the proof; nothing from before is left.
      expect({ ...rows, sessions: undefined }).toEqual({
        sessions: undefined,
        passkeys: 0,
        twoFactor: 0,
        recoveryCodes: 0,
        knownClients: 0,
      });
      expect((await t.call('GET', '/v1/auth/user', { token: acc.token })).status).toBe(401);
      expect((await passkeySignIn(planted)).status).toBe(401);
      // The password set before the proof may be the stranger's too: only the reset's new one signs in.
      const signIn = await t.call('POST', '/v1/auth/sign-in', {
        body: { email: acc.email, password: acc.password },
        ip: freshIp(),
      });
      expect(signIn.status).toBe(401);
      const [row] = await t.api.db.select().from(users).where(eq(users.id, acc.user._id));
      expect(row).toMatchObject({
        isAccountVerified: true,
        factorsClearedAt: expect.any(Date),
        name: ownerName(acc),
        locale: 'en',
      });
    }
  });
});

describe('adding a factor needs a step-up', () => {
  it('asks a one-factor session for the mailed code, takes one code for one addition, and lets a fresh two-factor session through', async () => {
    const acc = await verifiedAccount();
    const refused = { success: false, message: STEP_UP, stepUp: true };
    for (const path of ['/v1/account/passkeys/options', '/v1/account/two-factor/setup']) {
      const res = await t.call('POST', path, { token: acc.token });
      expect([path, res.status, res.body]).toEqual([path, 403, refused]);
      const wrong = await t.call('POST', path, { token: acc.token, body: { otp: '000000' }, ip: freshIp() });
      expect([path, wrong.status, wrong.body.stepUp, wrong.body.message]).toEqual([path, 403, true, STEP_UP]);
    }

    // 40 requests at once with one code: one addition. (The account's 30 changes a minute may turn some
    // away first; none of the others passes.)
    const otp = await addFactorCode(t, smtp, acc);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.call('POST', i % 2 ? '/v1/account/passkeys/options' : '/v1/account/two-factor/setup', {
          token: acc.token,
          body: { otp },
          ip: freshIp(),
        }),
      ),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    const refusedAfterCheck = burst.filter((r) => r.status === 403 && r.body.stepUp === true).length;
    expect(refusedAfterCheck).toBeGreaterThanOrEqual(20);
    expect(refusedAfterCheck + burst.filter((r) => r.status === 429).length).toBe(39);

    // A passkey touched without user verification is one factor: it still needs the code.
    const device = await addPasskey(acc);
    const touched = await passkeySignIn(device, false);
    expect(touched.status).toBe(200);
    const fromTouch = await t.call('POST', '/v1/account/passkeys/options', { token: touched.body.token });
    expect(fromTouch.body).toEqual(refused);

    // A user-verified passkey sign-in is two factors: no code for 10 minutes, then the code again.
    const verified = await passkeySignIn(device);
    expect(verified.status).toBe(200);
    const fresh = await t.call('POST', '/v1/account/two-factor/setup', { token: verified.body.token });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    t.clock.advance(10 * 60_000);
    const stale = await t.call('POST', '/v1/account/passkeys/options', { token: verified.body.token });
    expect([stale.status, stale.body]).toEqual([403, refused]);
  });

  it('keeps REQUIRE_ADMIN_2FA to two-factor sessions: a passkey without UV is refused', async () => {
    const strict = await startTestApi({ SITE_URL: SITE, SMTP_URL: smtp.url, REQUIRE_ADMIN_2FA: 'true' }, t.clock);
    try {
      const boss = await makeAdmin(strict);
      await proveAddress(strict, smtp, boss);
      // The password session cannot add its own passkey without the mailed code.
      const noCode = await strict.call('POST', '/v1/account/passkeys/options', { token: boss.token });
      expect([noCode.status, noCode.body.stepUp]).toEqual([403, true]);
      const device = new SoftwareAuthenticator(SITE);
      const options = await strict.call('POST', '/v1/account/passkeys/options', {
        token: boss.token,
        body: { otp: await addFactorCode(strict, smtp, boss) },
      });
      const added = await strict.call('POST', '/v1/account/passkeys', {
        token: boss.token,
        body: { response: device.register(options.body) },
      });
      expect(added.status).toBe(201);
      const signIn = async (userVerified: boolean) => {
        const opts = await strict.call('POST', '/v1/auth/passkey/options', { ip: freshIp() });
        const res = await strict.call('POST', '/v1/auth/passkey', {
          body: { response: device.assert(opts.body, undefined, { userVerified }) },
          ip: freshIp(),
        });
        return strict.call('GET', '/v1/admin/user', { token: res.body.token });
      };
      expect((await signIn(false)).body).toEqual({ success: false, message: 'Two-factor authentication required' });
      expect((await signIn(true)).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('Google sign-in and the second factor', () => {
  it('asks an account with two-factor on for its code, and mails a notice when it links a new identity', async () => {
    const acc = await verifiedAccount();
    const secret = await turnOnTwoFactor(acc);
    const mark = smtp.messages.length;
    const first = await google(acc.email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      message: 'Enter the code from your authenticator app',
      twoFactorRequired: true,
      challenge: expect.any(String),
    });
    const notice = await mailAfter(mark, acc.email, /^Google sign-in was linked to your account – /);
    expect(notice.text).toContain(`${SITE}/account`);

    const second = await t.call('POST', '/v1/auth/two-factor', {
      body: { challenge: first.body.challenge, code: codeNow(secret, 1) },
      ip: freshIp(),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.user._id).toBe(acc.user._id);
    // The identity is linked now: the next Google sign-in asks again and mails nothing new.
    const again = await google(acc.email);
    expect(again.body.twoFactorRequired).toBe(true);
    expect(again.body.token).toBeUndefined();
    const linked = and(eq(outbox.to, acc.email), like(outbox.subject, 'Google sign-in was linked%'));
    expect(await t.api.db.$count(outbox, linked)).toBe(1);
  });
});

describe('ADMIN_EMAILS and an admin’s demotion', () => {
  it('promotes a listed address when an admin verifies it, and keeps an admin’s demotion across restarts, audited', async () => {
    const listed = await signUp(t, { email: LISTED });
    expect((await setVerified(listed, true)).body.data).toMatchObject({ isAccountVerified: true, isAdmin: true });

    const seq = await lastAuditSeq(t);
    const demoted = await t.call('PATCH', `/v1/admin/user/${listed.user._id}`, {
      token: admin.token,
      body: { isAdmin: false },
    });
    expect(demoted.body.data.isAdmin).toBe(false);
    expect(await auditSince(t, seq)).toEqual([
      expect.objectContaining({
        action: 'user.revoke-admin',
        targetId: listed.user._id,
        detail: { adminEmails: 'listed; the demotion sticks' },
      }),
    ]);

    // Two restarts: the list does not undo the admin's word.
    for (let i = 0; i < 2; i++) {
      await t.api.close();
      t.api = await t.reopen();
    }
    const [row] = await t.api.db.select().from(users).where(eq(users.id, listed.user._id));
    expect(row!.isAdmin).toBe(false);
    // Nor does a new proof of the address.
    await resetPasswordByCode({ ...listed, token: '' }, 'Another-passw0rd-here');
    const [after] = await t.api.db.select().from(users).where(eq(users.id, listed.user._id));
    expect(after!.isAdmin).toBe(false);

    // An admin granting the role again is heard too.
    const granted = await t.call('PATCH', `/v1/admin/user/${listed.user._id}`, {
      token: admin.token,
      body: { isAdmin: true },
    });
    expect(granted.body.data.isAdmin).toBe(true);
  });
});

describe('notices for every change of how one signs in', () => {
  it('mails the verified address after a password reset by code and after two-factor is turned on', async () => {
    const acc = await verifiedAccount();
    let mark = smtp.messages.length;
    await turnOnTwoFactor(acc);
    const on = await mailAfter(mark, acc.email, /^Two-factor authentication was turned on – /);
    expect(on.text).toContain(`${SITE}/account`);

    mark = smtp.messages.length;
    await resetPasswordByCode(acc, 'Reset-passw0rd-by-code');
    const reset = await mailAfter(mark, acc.email, /^Your password was reset – /);
    expect(reset.text).toContain(`${SITE}/forgot-password`);
  });
});
