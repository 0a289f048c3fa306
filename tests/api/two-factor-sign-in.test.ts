// Signing in with two-factor on: the sign-in's second step with codes computed here (RFC 6238,
// tests/helpers/totp.ts) on a clock that stands still, the ±1 step window, a reused code refused,
// single-use recovery codes, the challenge's 5 minutes and 5 tries, and wrong codes against the sign-in
// limits. The fixture: tests/helpers/two-factor-api.ts.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema.ts';
import { freshIp } from '../helpers/api.ts';
import {
  codeAt,
  codeStep,
  passwordStep,
  signInWith,
  STEP,
  t,
  turnOn,
  useTwoFactorApi,
  verifiedAccount,
} from '../helpers/two-factor-api.ts';

useTwoFactorApi();

describe('signing in with two-factor on', () => {
  it('answers twoFactorRequired with a challenge and no token, then signs in with a code of the app', async () => {
    const acc = await verifiedAccount();
    const { secret } = await turnOn(acc);
    const first = await passwordStep(acc);
    expect(first).toEqual({
      success: true,
      message: 'Enter the code from your authenticator app',
      twoFactorRequired: true,
      challenge: expect.any(String),
    });
    const res = await codeStep(first.challenge, codeAt(secret, 1));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Signed in successfully',
      token: expect.any(String),
      user: acc.user,
      locale: 'en',
      // This browser is known to the account from now on, as after a password sign-in.
      deviceToken: expect.any(String),
    });
    const [session] = await t.api.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha(res.body.token)));
    expect(session!.method).toBe('two-factor');
    // Single use: the challenge does not sign in twice, even with another good code.
    const twice = await codeStep(first.challenge, codeAt(secret, 2));
    expect(twice.status).toBe(401);
    expect(twice.body.message).toBe('This sign-in has expired. Please sign in again.');
  });

  it('accepts one step either side of now, refuses two steps away, and refuses a code once used (or older)', async () => {
    const acc = await verifiedAccount();
    const { secret } = await turnOn(acc);
    // Enabling used the current step: its code, and older ones, are spent.
    expect((await signInWith(acc, codeAt(secret, 0))).status).toBe(401);
    expect((await signInWith(acc, codeAt(secret, -1))).status).toBe(401);
    expect((await signInWith(acc, codeAt(secret, 2))).status).toBe(401);
    expect((await signInWith(acc, codeAt(secret, 1))).status).toBe(200);
    const reused = await signInWith(acc, codeAt(secret, 1));
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({
      success: false,
      message: 'Invalid code',
      issues: [{ path: 'code', message: 'Invalid code' }],
    });

    t.clock.advance(5 * STEP);
    expect((await signInWith(acc, codeAt(secret, -2))).status).toBe(401);
    expect((await signInWith(acc, codeAt(secret, -1))).status).toBe(200);
    expect((await signInWith(acc, codeAt(secret, 0))).status).toBe(200);
  });

  it('takes each recovery code once, in any case and with spaces', async () => {
    const acc = await verifiedAccount();
    const { recovery } = await turnOn(acc);
    const typed = ` ${recovery[3]!.toUpperCase().replace('-', ' - ')} `;
    expect((await signInWith(acc, typed)).status).toBe(200);
    expect((await signInWith(acc, recovery[3]!)).status).toBe(401);
    expect((await signInWith(acc, recovery[4]!)).status).toBe(200);
    expect((await t.call('GET', '/v1/account/two-factor', { token: acc.token })).body.recoveryCodesLeft).toBe(8);
  });

  it('refuses a challenge after 5 minutes, and after 5 wrong codes', async () => {
    const acc = await verifiedAccount();
    const { secret } = await turnOn(acc);
    const { challenge } = await passwordStep(acc);
    t.clock.advance(5 * 60_000 + 1_000);
    const late = await codeStep(challenge, codeAt(secret, 0));
    expect(late.status).toBe(401);
    expect(late.body.message).toBe('This sign-in has expired. Please sign in again.');

    const second = await passwordStep(acc);
    for (let i = 0; i < 5; i++) expect((await codeStep(second.challenge, '000000')).body.message).toBe('Invalid code');
    const after = await codeStep(second.challenge, codeAt(secret, 1));
    expect(after.body.message).toBe('This sign-in has expired. Please sign in again.');
  });

  it('counts wrong codes against the sign-in limits of the account', async () => {
    const acc = await verifiedAccount();
    const { secret } = await turnOn(acc);
    for (let round = 0; round < 2; round++) {
      const { challenge } = await passwordStep(acc);
      for (let i = 0; i < 5; i++) expect((await codeStep(challenge, '000000')).status).toBe(401);
    }
    // Ten failures in the window: the password step is refused from any address now.
    const blocked = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: acc.email, password: acc.password },
      ip: freshIp(),
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    t.clock.advance(15 * 60_000);
    expect((await signInWith(acc, codeAt(secret, 1))).status).toBe(200);
  });
});

function sha(token: string) {
  return createHash('sha256').update(token).digest('hex');
}
