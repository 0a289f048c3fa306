// The passkey API tests' steps, on the account tests' API (tests/helpers/account-api.ts): adding a passkey
// with a software authenticator (tests/helpers/software-authenticator.ts), after the step-up its owner
// walks (tests/helpers/step-up.ts), and signing in with it. Adding one needs a verified address.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { SITE, smtp, t } from './account-api.ts';
import { type Account, freshIp, proveAddress, signUp } from './api.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';
import { addFactorCode } from './step-up.ts';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Registration options after the step-up: a mailed add-factor code, unless `otp` is given. */
export async function registrationOptions(acc: { token: string; email: string }, otp?: string) {
  const res = await t.call('POST', '/v1/account/passkeys/options', {
    token: acc.token,
    body: { otp: otp ?? (await addFactorCode(t, smtp, acc)) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function addPasskey(
  acc: { token: string; email: string },
  device = new SoftwareAuthenticator(SITE),
  name?: string,
) {
  const response = device.register(await registrationOptions(acc));
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

/** A new account whose owner proved the address with the mailed code: one that may add a passkey. */
export async function verifiedAccount() {
  const acc = await signUp(t);
  await proveAddress(t, smtp, acc);
  return { ...acc, user: { ...acc.user, isAccountVerified: true } };
}
