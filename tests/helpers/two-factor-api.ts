// The two-factor API tests' fixture: one API for the test file, with an SMTP catcher, on a clock that
// stands still in the middle of a time step (so a code computed here with tests/helpers/totp.ts is the
// one the server expects), and the steps of turning two-factor on (on a verified address, after the
// step-up: tests/helpers/step-up.ts) and signing in with it.
// `useTwoFactorApi()` (called once at the top of a test file) starts them before its tests and closes
// them after; `t` and `smtp` are then the file's.
import { afterAll, beforeAll, expect } from 'vitest';
import { type Account, freshIp, frozenClock, proveAddress, signUp, startTestApi, type TestApi } from './api.ts';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.ts';
import { addFactorCode } from './step-up.ts';
import { stepAt, totpCode } from './totp.ts';

export const STEP = 30_000;
export let t: TestApi;
export let smtp: SmtpCatcher;

export function useTwoFactorApi() {
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    // The middle of a time step, standing still: a code computed here is the one the server expects.
    t = await startTestApi({ SMTP_URL: smtp.url }, frozenClock(Math.floor(Date.now() / STEP) * STEP + STEP / 2));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
}

const now = () => t.clock.now();
export const codeAt = (secret: string, offset: number) => totpCode(secret, stepAt(now()) + offset);

/** A new account whose owner proved the address with the mailed code: one that may turn two-factor on. */
export async function verifiedAccount(): Promise<Account> {
  const acc = await signUp(t);
  await proveAddress(t, smtp, acc);
  return { ...acc, user: { ...acc.user, isAccountVerified: true } };
}

/** Sets two-factor up (after the step-up, on `api`) and on; returns the secret and the recovery codes. */
export async function turnOn(acc: Account, api = t) {
  const setup = await api.call('POST', '/v1/account/two-factor/setup', {
    token: acc.token,
    body: { otp: await addFactorCode(api, smtp, acc) },
  });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const { secret } = setup.body;
  const on = await api.call('POST', '/v1/account/two-factor/enable', {
    token: acc.token,
    body: { code: codeAt(secret, 0) },
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  return { secret: secret as string, recovery: on.body.recoveryCodes as string[] };
}

export async function passwordStep(acc: Account, ip = freshIp()) {
  const res = await t.call('POST', '/v1/auth/sign-in', { body: { email: acc.email, password: acc.password }, ip });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export const codeStep = (challenge: string, code: string, ip = freshIp()) =>
  t.call('POST', '/v1/auth/two-factor', { body: { challenge, code }, ip });

export async function signInWith(acc: Account, code: string) {
  const { challenge } = await passwordStep(acc);
  return codeStep(challenge, code);
}
