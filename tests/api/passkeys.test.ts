// Passkeys: registration and sign-in round trips with a software authenticator (tests/helpers), the
// challenge's single use and 5-minute life, passkeys of another user or another site refused, the
// notice mail, rename and remove, export and deletion, and REQUIRE_ADMIN_2FA.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, passkeys, sessions, users } from '../../src/server/db/schema.ts';
import { makeAdmin } from '../helpers/admin.ts';
import { type Account, freshIp, signUp, startTestApi, type TestApi } from '../helpers/api.ts';
import { codeFor, startOidcProvider, type OidcProvider } from '../helpers/oidc-provider.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';

const SITE = 'http://localhost:4321';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApi;
let smtp: SmtpCatcher;
let idp: OidcProvider;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  idp = await startOidcProvider();
  t = await startTestApi({ SMTP_URL: smtp.url, SITE_URL: SITE, ...idp.env });
});
afterAll(async () => {
  await t.close();
  await idp.close();
  await smtp.close();
});

async function registrationOptions(token: string) {
  const res = await t.call('POST', '/v1/account/passkeys/options', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function addPasskey(acc: { token: string }, device = new SoftwareAuthenticator(SITE), name?: string) {
  const response = device.register(await registrationOptions(acc.token));
  const res = await t.call('POST', '/v1/account/passkeys', {
    token: acc.token,
    body: { response, ...(name ? { name } : {}) },
    headers: { 'user-agent': CHROME_LINUX },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { device, passkey: res.body.data, response };
}

async function signInOptions() {
  const res = await t.call('POST', '/v1/auth/passkey/options', { ip: freshIp() });
  expect(res.status).toBe(200);
  return res.body;
}

const passkeySignIn = (response: unknown) =>
  t.call('POST', '/v1/auth/passkey', { body: { response }, ip: freshIp(), headers: { 'user-agent': CHROME_LINUX } });

const verify = (acc: Account) =>
  t.api.db.update(users).set({ isAccountVerified: true }).where(eq(users.id, acc.user._id));

describe('adding a passkey', () => {
  it('answers registration options for a discoverable credential of this site, listing the ones to exclude', async () => {
    const acc = await signUp(t);
    const first = await registrationOptions(acc.token);
    expect(first).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: acc.email, displayName: acc.user.name },
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      attestation: 'none',
      excludeCredentials: [],
    });
    expect(first.challenge).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const { response } = await addPasskey(acc);
    const second = await registrationOptions(acc.token);
    expect(second.excludeCredentials).toEqual([expect.objectContaining({ id: response.id })]);
    expect(second.challenge).not.toBe(first.challenge);
  });

  it('stores the passkey with its counter, backup state and transports, named after the device, and lists it', async () => {
    const acc = await signUp(t);
    const { passkey } = await addPasskey(acc);
    expect(passkey).toEqual({
      _id: expect.any(String),
      name: 'Chrome 131 on Linux',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    const [row] = await t.api.db.select().from(passkeys).where(eq(passkeys.id, passkey._id));
    expect(row).toMatchObject({
      userId: acc.user._id,
      counter: 0,
      backedUp: false,
      deviceType: 'singleDevice',
      transports: ['internal'],
    });
    const list = await t.call('GET', '/v1/account/passkeys', { token: acc.token });
    expect(list.body).toEqual({ success: true, data: [passkey] });
  });

  it('refuses the same answer twice (the challenge is used up) and an answer after 5 minutes', async () => {
    const acc = await signUp(t);
    const device = new SoftwareAuthenticator(SITE);
    const response = device.register(await registrationOptions(acc.token));
    const ok = await t.call('POST', '/v1/account/passkeys', { token: acc.token, body: { response } });
    expect(ok.status).toBe(201);
    const replay = await t.call('POST', '/v1/account/passkeys', { token: acc.token, body: { response } });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('This passkey request has expired. Please try again.');

    const late = device.register(await registrationOptions(acc.token));
    t.clock.advance(5 * 60_000 + 1_000);
    const expired = await t.call('POST', '/v1/account/passkeys', { token: acc.token, body: { response: late } });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This passkey request has expired. Please try again.');
  });

  it("refuses an answer to another user's challenge, another origin and another site's relying party", async () => {
    const [alice, bob] = [await signUp(t), await signUp(t)];
    const device = new SoftwareAuthenticator(SITE);
    const forAlice = device.register(await registrationOptions(alice.token));
    const byBob = await t.call('POST', '/v1/account/passkeys', { token: bob.token, body: { response: forAlice } });
    expect(byBob.status).toBe(400);
    expect(byBob.body.message).toBe('This passkey request has expired. Please try again.');

    const phished = device.register(await registrationOptions(alice.token), { origin: 'https://evil.example' });
    const fromEvil = await t.call('POST', '/v1/account/passkeys', { token: alice.token, body: { response: phished } });
    expect(fromEvil.status).toBe(400);
    expect(fromEvil.body.message).toBe('This passkey could not be verified');

    const otherRp = device.register(await registrationOptions(alice.token), { rpId: 'evil.example' });
    const wrongRp = await t.call('POST', '/v1/account/passkeys', { token: alice.token, body: { response: otherRp } });
    expect(wrongRp.status).toBe(400);
    expect((await t.call('GET', '/v1/account/passkeys', { token: alice.token })).body.data).toEqual([]);
  });

  it('mails a notice to a verified address only', async () => {
    const unverified = await signUp(t);
    await addPasskey(unverified);
    const verified = await signUp(t);
    await verify(verified);
    await addPasskey(verified, undefined, 'Work laptop');
    const mail = await smtp.waitFor((m) => m.to === verified.email);
    expect(mail.subject).toMatch(/^A passkey was added to your account – /);
    expect(mail.text).toContain('“Work laptop”');
    expect(mail.text).toContain(`${SITE}/account`);
    // Queued in the same transaction as the passkey, so its absence is final.
    expect(await t.api.db.select().from(outbox).where(eq(outbox.to, unverified.email))).toEqual([]);
  });

  it('lets an account made through Google add one', async () => {
    const email = `google-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await t.call(
      'GET',
      `/v1/auth/google?code=${codeFor({ sub: `sub-${email}`, email, name: 'G Person' })}`,
      {
        ip: freshIp(),
      },
    );
    expect(res.status).toBe(200);
    const { device } = await addPasskey({ token: res.body.token });
    const signedIn = await passkeySignIn(device.assert(await signInOptions()));
    expect(signedIn.body.user.email).toBe(email);
  });
});

describe('signing in with a passkey', () => {
  it('creates a session like a password sign-in, recorded as a passkey sign-in, and updates the counter', async () => {
    const acc = await signUp(t);
    const { device, passkey } = await addPasskey(acc);
    const res = await passkeySignIn(device.assert(await signInOptions()));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Signed in successfully',
      token: expect.any(String),
      user: acc.user,
    });
    expect((await t.call('GET', '/v1/auth/user', { token: res.body.token })).status).toBe(200);
    const devices = await t.call('GET', '/v1/account/sessions', { token: res.body.token });
    expect(devices.body.data).toContainEqual(expect.objectContaining({ current: true, device: 'Chrome 131 on Linux' }));
    const rows = await t.api.db.select().from(sessions).where(eq(sessions.userId, acc.user._id));
    expect(rows.map((r) => r.method).sort()).toEqual(['passkey', 'password']);
    const [row] = await t.api.db.select().from(passkeys).where(eq(passkeys.id, passkey._id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('answers options without allowCredentials, so the browser offers any passkey of the site', async () => {
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
    expect(options.allowCredentials ?? []).toEqual([]);
  });

  it('refuses a replayed assertion and one answering a challenge older than 5 minutes', async () => {
    const acc = await signUp(t);
    const { device } = await addPasskey(acc);
    const assertion = device.assert(await signInOptions());
    expect((await passkeySignIn(assertion)).status).toBe(200);
    const replay = await passkeySignIn(assertion);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('This passkey request has expired. Please try again.');

    const options = await signInOptions();
    t.clock.advance(5 * 60_000 + 1_000);
    const late = await passkeySignIn(device.assert(options));
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('This passkey request has expired. Please try again.');
  });

  it("refuses another user's credential, an unknown one, a bad signature, another origin and another site", async () => {
    const [alice, bob] = [await signUp(t), await signUp(t)];
    const { device: alices } = await addPasskey(alice);
    await addPasskey(bob);
    const refused = async (assertion: unknown) => {
      const res = await passkeySignIn(assertion);
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'This passkey could not be verified' });
    };
    // Alice's credential claiming to be Bob's account (its user handle).
    await refused(
      alices.assert(await signInOptions(), undefined, { userHandle: Buffer.from(bob.user._id).toString('base64url') }),
    );
    // A credential the site never registered.
    const stranger = new SoftwareAuthenticator(SITE);
    stranger.register({ challenge: 'x', rp: { id: 'localhost', name: 'x' }, user: { id: 'x', name: 'x' } });
    await refused(stranger.assert(await signInOptions()));
    // Alice's credential with a forged signature: signed by another key.
    const forged = alices.assert(await signInOptions());
    forged.response.signature = stranger.assert({ challenge: 'y' }).response.signature;
    await refused(forged);
    await refused(alices.assert(await signInOptions(), undefined, { origin: 'https://evil.example' }));
    await refused(alices.assert(await signInOptions(), undefined, { rpId: 'evil.example' }));
    // Without those changes the same passkey signs in: the refusals were about them.
    expect((await passkeySignIn(alices.assert(await signInOptions()))).body.user._id).toBe(alice.user._id);
  });

  it('answers bad shapes with 400, never a 500', async () => {
    for (const body of [{}, { response: {} }, { response: { id: '!!', type: 'public-key' } }, { response: 'x' }]) {
      const res = await t.call('POST', '/v1/auth/passkey', { body, ip: freshIp() });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const acc = await signUp(t);
    const { device } = await addPasskey(acc);
    const garbled = device.assert(await signInOptions());
    garbled.response.clientDataJSON = Buffer.from('not json').toString('base64url');
    expect((await passkeySignIn(garbled)).status).toBe(400);
    const badData = device.assert(await signInOptions());
    badData.response.authenticatorData = 'AAAA';
    expect((await passkeySignIn(badData)).status).toBe(401);
  });
});

describe('renaming and removing', () => {
  it("renames and removes one's own passkey; a removed passkey no longer signs in; another user's is 404", async () => {
    const [alice, bob] = [await signUp(t), await signUp(t)];
    const { device, passkey } = await addPasskey(alice);
    const renamed = await t.call('PATCH', `/v1/account/passkeys/${passkey._id}`, {
      token: alice.token,
      body: { name: '  Phone ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Phone');
    const empty = await t.call('PATCH', `/v1/account/passkeys/${passkey._id}`, {
      token: alice.token,
      body: { name: ' ' },
    });
    expect(empty.status).toBe(400);

    for (const [method, body] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.call(method, `/v1/account/passkeys/${passkey._id}`, { token: bob.token, body });
      expect(res.status).toBe(404);
    }
    const removed = await t.call('DELETE', `/v1/account/passkeys/${passkey._id}`, { token: alice.token });
    expect(removed.status).toBe(200);
    expect((await t.call('DELETE', `/v1/account/passkeys/${passkey._id}`, { token: alice.token })).status).toBe(404);
    const res = await passkeySignIn(device.assert(await signInOptions()));
    expect(res.status).toBe(401);
  });
});

describe('export and deletion', () => {
  it('exports names and dates (never keys) and whether two-factor is on; deleting the account removes the passkeys', async () => {
    const acc = await signUp(t);
    const { passkey } = await addPasskey(acc, undefined, 'Laptop');
    const exported = await t.call('GET', '/v1/account/export', { token: acc.token });
    expect(exported.body.passkeys).toEqual([passkey]);
    expect(exported.body.twoFactorEnabled).toBe(false);
    const [row] = await t.api.db.select().from(passkeys).where(eq(passkeys.id, passkey._id));
    expect(JSON.stringify(exported.body)).not.toContain(row!.publicKey);
    expect(JSON.stringify(exported.body)).not.toContain(row!.credentialId);

    const deleted = await t.call('POST', '/v1/account/delete', {
      token: acc.token,
      body: { password: acc.password },
      ip: freshIp(),
    });
    expect(deleted.status).toBe(200);
    expect(await t.api.db.select().from(passkeys).where(eq(passkeys.userId, acc.user._id))).toEqual([]);
  });
});

describe('REQUIRE_ADMIN_2FA=true', () => {
  let strict: TestApi;
  beforeAll(async () => {
    strict = await startTestApi({ SITE_URL: SITE, REQUIRE_ADMIN_2FA: 'true' });
  });
  afterAll(() => strict.close());

  it('refuses admin calls from a password-only session and lets a passkey session through', async () => {
    const admin = await makeAdmin(strict);
    const refused = await strict.call('GET', '/v1/admin/user', { token: admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: 'Two-factor authentication required' });

    const device = new SoftwareAuthenticator(SITE);
    const options = await strict.call('POST', '/v1/account/passkeys/options', { token: admin.token });
    const added = await strict.call('POST', '/v1/account/passkeys', {
      token: admin.token,
      body: { response: device.register(options.body) },
    });
    expect(added.status).toBe(201);
    const signInOpts = await strict.call('POST', '/v1/auth/passkey/options', { ip: freshIp() });
    const signedIn = await strict.call('POST', '/v1/auth/passkey', {
      body: { response: device.assert(signInOpts.body) },
      ip: freshIp(),
    });
    expect(signedIn.status).toBe(200);
    expect((await strict.call('GET', '/v1/admin/user', { token: signedIn.body.token })).status).toBe(200);
    // A plain user still gets the ordinary refusal.
    const plain = await signUp(strict);
    expect((await strict.call('GET', '/v1/admin/user', { token: plain.token })).body.message).toBe('Admins only.');
  });

  it('leaves password-only admins alone when it is off', async () => {
    const admin = await makeAdmin(t);
    expect((await t.call('GET', '/v1/admin/user', { token: admin.token })).status).toBe(200);
  });
});
