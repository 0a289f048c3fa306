// Passkeys added to an account: registration round trips with a software authenticator
// (tests/helpers/software-authenticator.ts), the challenge's single use and 5-minute life, answers for
// another user or another site refused, the notice mail, a Google-made account; then rename and remove,
// and export and deletion. The fixture: tests/helpers/account-api.ts and passkey-api.ts.
import { eq } from 'drizzle-orm';
import { SIGN_IN_AGAIN_WITH_TWO } from '../../src/lib/schemas/two-factor.ts';
import { describe, expect, it } from 'vitest';
import { passkeys } from '../../src/server/db/schema.ts';
import { freshIp } from '../helpers/api.ts';
import { codeFor } from '../helpers/oidc-provider.ts';
import { SITE, smtp, t, useAccountApi } from '../helpers/account-api.ts';
import {
  addPasskey,
  passkeySignIn,
  registrationOptions,
  signInOptions,
  verifiedAccount,
} from '../helpers/passkey-api.ts';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';

useAccountApi();

describe('adding a passkey', () => {
  it('answers registration options for a discoverable credential of this site, listing the ones to exclude', async () => {
    const acc = await verifiedAccount();
    const first = await registrationOptions(acc);
    expect(first).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: acc.email, displayName: acc.user.name },
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      attestation: 'none',
      excludeCredentials: [],
    });
    expect(first.challenge).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const { response } = await addPasskey(acc);
    const second = await registrationOptions(acc);
    expect(second.excludeCredentials).toEqual([expect.objectContaining({ id: response.id })]);
    expect(second.challenge).not.toBe(first.challenge);
  });

  it('stores the passkey with its counter, backup state and transports, named after the device, and lists it', async () => {
    const acc = await verifiedAccount();
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
    const acc = await verifiedAccount();
    const device = new SoftwareAuthenticator(SITE);
    const response = device.register(await registrationOptions(acc));
    const ok = await t.call('POST', '/v1/account/passkeys', { token: acc.token, body: { response } });
    expect(ok.status).toBe(201);
    const replay = await t.call('POST', '/v1/account/passkeys', { token: acc.token, body: { response } });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('This passkey request has expired. Please try again.');

    const late = device.register(await registrationOptions(acc));
    t.clock.advance(5 * 60_000 + 1_000);
    const expired = await t.call('POST', '/v1/account/passkeys', { token: acc.token, body: { response: late } });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This passkey request has expired. Please try again.');
  });

  it("refuses an answer to another user's challenge, another origin and another site's relying party", async () => {
    const [alice, bob] = [await verifiedAccount(), await verifiedAccount()];
    const device = new SoftwareAuthenticator(SITE);
    const forAlice = device.register(await registrationOptions(alice));
    const byBob = await t.call('POST', '/v1/account/passkeys', { token: bob.token, body: { response: forAlice } });
    expect(byBob.status).toBe(400);
    expect(byBob.body.message).toBe('This passkey request has expired. Please try again.');

    const phished = device.register(await registrationOptions(alice), { origin: 'https://evil.example' });
    const fromEvil = await t.call('POST', '/v1/account/passkeys', { token: alice.token, body: { response: phished } });
    expect(fromEvil.status).toBe(400);
    expect(fromEvil.body.message).toBe('This passkey could not be verified');

    const otherRp = device.register(await registrationOptions(alice), { rpId: 'evil.example' });
    const wrongRp = await t.call('POST', '/v1/account/passkeys', { token: alice.token, body: { response: otherRp } });
    expect(wrongRp.status).toBe(400);
    expect((await t.call('GET', '/v1/account/passkeys', { token: alice.token })).body.data).toEqual([]);
  });

  it('mails a notice to the verified address', async () => {
    const verified = await verifiedAccount();
    await addPasskey(verified, undefined, 'Work laptop');
    const mail = await smtp.waitFor((m) => m.to === verified.email && /passkey was added/.test(m.subject));
    expect(mail.subject).toMatch(/^A passkey was added to your account – /);
    expect(mail.text).toContain('“Work laptop”');
    expect(mail.text).toContain(`${SITE}/account`);
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
    const { device } = await addPasskey({ token: res.body.token, email });
    const signedIn = await passkeySignIn(device.assert(await signInOptions()));
    expect(signedIn.body.user.email).toBe(email);
  });
});

describe('renaming and removing', () => {
  it("renames and removes one's own passkey; a removed passkey no longer signs in; another user's is 404", async () => {
    const [alice, bob] = [await verifiedAccount(), await verifiedAccount()];
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

    // Removing a factor is never allowed on the password alone: a fresh two-factor session does it (here
    // a sign-in with the passkey, its user verified).
    const refused = await t.call('DELETE', `/v1/account/passkeys/${passkey._id}`, { token: alice.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(SIGN_IN_AGAIN_WITH_TWO);
    const fresh = await passkeySignIn(device.assert(await signInOptions()));
    expect(fresh.status).toBe(200);
    const bobFresh = await passkeySignIn((await addPasskey(bob)).device.assert(await signInOptions()));
    for (const [method, body] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.call(method, `/v1/account/passkeys/${passkey._id}`, { token: bobFresh.body.token, body });
      expect(res.status).toBe(404);
    }
    const removed = await t.call('DELETE', `/v1/account/passkeys/${passkey._id}`, { token: fresh.body.token });
    expect(removed.status).toBe(200);
    expect((await t.call('DELETE', `/v1/account/passkeys/${passkey._id}`, { token: fresh.body.token })).status).toBe(
      404,
    );
    const res = await passkeySignIn(device.assert(await signInOptions()));
    expect(res.status).toBe(401);
  });
});

describe('export and deletion', () => {
  it('exports names and dates (never keys) and whether two-factor is on; deleting the account removes the passkeys', async () => {
    const acc = await verifiedAccount();
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
