// A stranger cannot lock the owner out of password sign-in: failures count per (account, client) and per
// account; the account-wide count holds strangers who rotate addresses, but not a client that signed in
// to the account before (the same address, or the device token an earlier sign-in gave the browser).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, signUp, startTestApi, type Account, type TestApi } from '../helpers/api.ts';

const TOO_MANY = 'Too many failed sign-ins for this account. Please try again later, or reset your password by e-mail.';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

const signIn = (acc: Account, ip: string, password = acc.password, deviceToken?: string) =>
  t.call('POST', '/v1/auth/sign-in', {
    body: { email: acc.email, password, ...(deviceToken ? { deviceToken } : {}) },
    ip,
  });

/** 40 wrong passwords for the account, each from another address; returns those addresses. */
async function strangersFail(acc: Account): Promise<string[]> {
  const attackers = Array.from({ length: 40 }, () => freshIp());
  const statuses: number[] = [];
  for (const ip of attackers) statuses.push((await signIn(acc, ip, 'not-the-password-at-all')).status);
  // The first 10 failures are counted; from then on the account-wide limit refuses the strangers.
  expect(statuses).toEqual([...Array(10).fill(401), ...Array(30).fill(429)]);
  return attackers;
}

describe('the owner after 40 failures from 40 other addresses', () => {
  it('signs in from an address they signed in from before, while the strangers are still refused', async () => {
    const owner = await signUp(t);
    const home = freshIp();
    expect((await signIn(owner, home)).status).toBe(200);
    const attackers = await strangersFail(owner);

    const res = await signIn(owner, home);
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe('string');
    for (const ip of [attackers[0]!, attackers[39]!, freshIp()]) {
      const refused = await signIn(owner, ip, 'another-wrong-guess');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ success: false, message: TOO_MANY });
      // Even the right password from an unknown address waits for the window.
      expect((await signIn(owner, ip)).status).toBe(429);
    }
  });

  it('signs in from a new address with the device token an earlier sign-in gave the browser', async () => {
    const owner = await signUp(t);
    const first = await signIn(owner, freshIp());
    expect(first.status).toBe(200);
    const deviceToken: string = first.body.deviceToken;
    expect(deviceToken).toMatch(/^[\w.-]+$/);
    await strangersFail(owner);

    expect((await signIn(owner, freshIp(), owner.password, deviceToken)).status).toBe(200);
    // A token is bound to its account and its signature: another account's, or an altered one, is no pass.
    const other = await signUp(t);
    const otherToken: string = (await signIn(other, freshIp())).body.deviceToken;
    expect((await signIn(owner, freshIp(), owner.password, otherToken)).status).toBe(429);
    const forged = deviceToken.replace(/\.\d+\./, `.${Date.now() + 10 * 365 * 86_400_000}.`);
    expect((await signIn(owner, freshIp(), owner.password, forged)).status).toBe(429);
    expect((await signIn(owner, freshIp(), owner.password, `${deviceToken}x`)).status).toBe(429);
  });

  it('a known client that keeps failing is still held, by its own count', async () => {
    const owner = await signUp(t);
    const home = freshIp();
    const first = await signIn(owner, home);
    expect(first.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await signIn(owner, home, 'wrong-guess-again', first.body.deviceToken)).status);
      // Past the per-minute attempt limit: only the failure windows (15 minutes) are in play.
      t.clock.advance(61_000);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});
