// The passkey API tests' steps, on the account tests' API (tests/helpers/account-api.ts): adding a passkey
// with a software authenticator (tests/helpers/software-authenticator.ts) and signing in with it.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { SITE, t } from './account-api.ts';
import { type Account, freshIp } from './api.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export async function registrationOptions(token: string) {
  const res = await t.call('POST', '/v1/account/passkeys/options', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function addPasskey(acc: { token: string }, device = new SoftwareAuthenticator(SITE), name?: string) {
  const response = device.register(await registrationOptions(acc.token));
  const res = await t.call('POST', '/v1/account/passkeys', {
    token: acc.token,
    body: { response, ...(name ? { name } : {}) },
    headers: { 'user-agent': CHROME_LINUX },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { device, passkey: res.body.data, response };
}

export async function signInOptions() {
  const res = await t.call('POST', '/v1/auth/passkey/options', { ip: freshIp() });
  expect(res.status).toBe(200);
  return res.body;
}

export const passkeySignIn = (response: unknown) =>
  t.call('POST', '/v1/auth/passkey', { body: { response }, ip: freshIp(), headers: { 'user-agent': CHROME_LINUX } });

export const verify = (acc: Account) =>
  t.api.db.update(users).set({ isAccountVerified: true }).where(eq(users.id, acc.user._id));
