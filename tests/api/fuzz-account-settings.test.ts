// Property-based tests of /api/v1/account (the signed-in user's own account) and of the contact call
// with a bearer token: at least 1,000 generated requests per call, with valid, garbage and missing
// tokens, against the real app on this project's database. Never a 5xx, never a stack trace, always JSON.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApi, type Account, type TestApi } from '../helpers/api.ts';
import { bodies, fuzzEndpoint, hostileString, paths, RUNS } from '../reliability/lib/fuzz.ts';

const TIMEOUT = 300_000;
const PASSWORD = 'Fuzz-Account-Pass-1';
const enc = (s: string) => encodeURIComponent(s.toWellFormed());

let t: TestApi;
let user: Account;
beforeAll(async () => {
  t = await startTestApi();
  user = await signUp(t, { password: PASSWORD });
});
afterAll(() => t?.close());

const report = (name: string, statuses: Record<number, number>) => {
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThanOrEqual(RUNS);
  console.log(`fuzz ${name}: ${total} cases, statuses ${JSON.stringify(statuses)}`);
};

const otp = fc.oneof(fc.stringMatching(/^\d{6}$/), hostileString);
const password = fc.oneof(fc.constant(PASSWORD), hostileString);
/** Accounts to spend: a successful password change or deletion ends the tokens it is given. */
// One after another: the API admits only a bounded number of password hashes at once (503 past it).
async function accounts(n: number): Promise<Account[]> {
  const made: Account[] = [];
  for (let i = 0; i < n; i++) made.push(await signUp(t, { password: PASSWORD }));
  return made;
}

describe('generated hostile requests to the account calls never give a 5xx', () => {
  it('GET /api/v1/account, /sessions, /enquiries', { timeout: TIMEOUT }, async () => {
    const path = fc.oneof(paths('/v1/account'), paths('/v1/account/sessions'), paths('/v1/account/enquiries'));
    report('account reads', await fuzzEndpoint(t.api.app, { method: 'GET', path, tokens: [user.token] }));
  });

  it('PATCH /api/v1/account', { timeout: TIMEOUT }, async () => {
    const name = fc.oneof(fc.string({ minLength: 2, maxLength: 100 }), hostileString);
    report(
      'account profile',
      await fuzzEndpoint(t.api.app, {
        method: 'PATCH',
        path: '/v1/account',
        body: bodies({ name }),
        tokens: [user.token],
      }),
    );
  });

  it('GET /api/v1/account/export', { timeout: TIMEOUT }, async () => {
    report(
      'account export',
      await fuzzEndpoint(t.api.app, { method: 'GET', path: '/v1/account/export', tokens: [user.token] }),
    );
  });

  it('POST /api/v1/account/code', { timeout: TIMEOUT }, async () => {
    const purpose = fc.oneof(fc.constantFrom('set-password', 'delete-account'), hostileString);
    report(
      'account code',
      await fuzzEndpoint(t.api.app, {
        method: 'POST',
        path: '/v1/account/code',
        body: bodies({ purpose }),
        tokens: [user.token],
      }),
    );
  });

  it('DELETE /api/v1/account/sessions/{id}', { timeout: TIMEOUT }, async () => {
    const own = await accounts(5);
    const ids = fc.oneof(fc.uuid(), hostileString.map(enc), fc.constant(''));
    const path = ids.map((id) => `/v1/account/sessions/${id}`);
    report(
      'account end session',
      await fuzzEndpoint(t.api.app, { method: 'DELETE', path, tokens: own.map((a) => a.token) }),
    );
  });

  it('POST /api/v1/account/password', { timeout: TIMEOUT }, async () => {
    const own = await accounts(10);
    const body = bodies({
      currentPassword: password,
      otp,
      newPassword: fc.oneof(fc.string({ minLength: 6, maxLength: 40 }), hostileString),
    });
    report(
      'account password',
      await fuzzEndpoint(t.api.app, {
        method: 'POST',
        path: '/v1/account/password',
        body,
        tokens: own.map((a) => a.token),
      }),
    );
  });

  it('POST /api/v1/account/delete', { timeout: TIMEOUT }, async () => {
    const own = await accounts(20);
    const body = bodies({ password, otp });
    report(
      'account delete',
      await fuzzEndpoint(t.api.app, {
        method: 'POST',
        path: '/v1/account/delete',
        body,
        tokens: own.map((a) => a.token),
      }),
    );
  });

  it('POST /api/form/contact with and without a bearer token', { timeout: TIMEOUT }, async () => {
    const body = bodies({
      name: fc.string({ minLength: 1, maxLength: 100 }),
      email: fc.emailAddress(),
      phoneNumber: fc.string({ minLength: 1, maxLength: 32 }),
      message: fc.string({ minLength: 1, maxLength: 500 }),
    });
    report(
      'contact with token',
      await fuzzEndpoint(t.api.app, { method: 'POST', path: '/form/contact', body, tokens: [user.token] }),
    );
  });
});
