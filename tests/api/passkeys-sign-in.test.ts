// Signing in with a passkey: the session it makes, options for any passkey of the site, a replayed or late
// assertion, another user's credential, an unknown one, a bad signature, another origin or site, bad
// shapes (400, never a 500); and REQUIRE_ADMIN_2FA. The fixture: tests/helpers/account-api.ts and passkey-api.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, sessions } from '../../src/server/db/schema.ts';
import { makeAdmin } from '../helpers/admin.ts';
import { freshIp, proveAddress, signUp, startTestApi, type TestApi } from '../helpers/api.ts';
import { SITE, smtp, t, useAccountApi } from '../helpers/account-api.ts';
import { addPasskey, passkeySignIn, signInOptions, verifiedAccount } from '../helpers/passkey-api.ts';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { addFactorCode } from '../helpers/step-up.ts';

useAccountApi();

describe('signing in with a passkey', () => {
  it('creates a session like a password sign-in, recorded as a passkey sign-in, and updates the counter', async () => {
    const acc = await verifiedAccount();
    const { device, passkey } = await addPasskey(acc);
    const res = await passkeySignIn(device.assert(await signInOptions()));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Signed in successfully',
      token: expect.any(String),
      user: acc.user,
      locale: 'en',
    });
    expect((await t.call('GET', '/v1/auth/user', { token: res.body.token })).status).toBe(200);
    const devices = await t.call('GET', '/v1/account/sessions', { token: res.body.token });
    expect(devices.body.data).toContainEqual(expect.objectContaining({ current: true, device: 'Chrome 131 on Linux' }));
    const rows = await t.api.db.select().from(sessions).where(eq(sessions.userId, acc.user._id));
    // The software authenticator verifies its user (the UV flag): two factors.
    expect(rows.map((r) => r.method).sort()).toEqual(['passkey-verified', 'password']);
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
    const acc = await verifiedAccount();
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
    const [alice, bob] = [await verifiedAccount(), await verifiedAccount()];
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
    const acc = await verifiedAccount();
    const { device } = await addPasskey(acc);
    const garbled = device.assert(await signInOptions());
    garbled.response.clientDataJSON = Buffer.from('not json').toString('base64url');
    expect((await passkeySignIn(garbled)).status).toBe(400);
    const badData = device.assert(await signInOptions());
    badData.response.authenticatorData = 'AAAA';
    expect((await passkeySignIn(badData)).status).toBe(401);
  });
});

describe('REQUIRE_ADMIN_2FA=true', () => {
  let strict: TestApi;
  beforeAll(async () => {
    strict = await startTestApi({ SITE_URL: SITE, REQUIRE_ADMIN_2FA: 'true', SMTP_URL: smtp.url });
  });
  afterAll(() => strict.close());

  it('refuses admin calls from a password-only session and lets a user-verified passkey session through', async () => {
    const admin = await makeAdmin(strict);
    await proveAddress(strict, smtp, admin);
    const refused = await strict.call('GET', '/v1/admin/user', { token: admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: 'Two-factor authentication required' });

    const device = new SoftwareAuthenticator(SITE);
    const options = await strict.call('POST', '/v1/account/passkeys/options', {
      token: admin.token,
      body: { otp: await addFactorCode(strict, smtp, admin) },
    });
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
    // The same passkey only touched, without a PIN or biometric: one factor.
    const touchOpts = await strict.call('POST', '/v1/auth/passkey/options', { ip: freshIp() });
    const touched = await strict.call('POST', '/v1/auth/passkey', {
      body: { response: device.assert(touchOpts.body, undefined, { userVerified: false }) },
      ip: freshIp(),
    });
    expect(touched.status).toBe(200);
    const oneFactor = await strict.call('GET', '/v1/admin/user', { token: touched.body.token });
    expect(oneFactor.status).toBe(403);
    expect(oneFactor.body.message).toBe('Two-factor authentication required');
    // A plain user still gets the ordinary refusal.
    const plain = await signUp(strict);
    expect((await strict.call('GET', '/v1/admin/user', { token: plain.token })).body.message).toBe('Admins only.');
  });

  it('leaves password-only admins alone when it is off', async () => {
    const admin = await makeAdmin(t);
    expect((await t.call('GET', '/v1/admin/user', { token: admin.token })).status).toBe(200);
  });
});
