// Property-based tests of the calls that need a session (user and admin): at least 1,000 generated
// requests per endpoint, with valid, garbage and missing tokens, against the real app on this project's
// database. Same property as fuzz-public.test.ts: never a 5xx, never a stack trace, always JSON.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdmin } from '../../src/server/cli/admin-commands.ts';
import { signUp, startTestApi, type Account, type TestApi } from '../helpers/api.ts';
import { bodies, fuzzEndpoint, hostileString, paths, RUNS } from '../reliability/lib/fuzz.ts';

const TIMEOUT = 240_000;
const enc = (s: string) => encodeURIComponent(s.toWellFormed());

let t: TestApi;
let user: Account;
let admin: Account;
beforeAll(async () => {
  t = await startTestApi();
  user = await signUp(t);
  admin = await signUp(t);
  await setAdmin(t.api.db, admin.email, true);
});
afterAll(() => t?.close());

const report = (name: string, statuses: Record<number, number>) => {
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThanOrEqual(RUNS);
  console.log(`fuzz ${name}: ${total} cases, statuses ${JSON.stringify(statuses)}`);
};

const otp = fc.oneof(fc.stringMatching(/^\d{6}$/), hostileString);
const listQuery = fc
  .record(
    {
      page: fc.oneof(fc.integer({ min: -5, max: 1e6 }).map(String), hostileString),
      pageSize: fc.oneof(fc.integer({ min: -5, max: 1000 }).map(String), hostileString),
      q: hostileString,
    },
    { requiredKeys: [] },
  )
  .map((q) =>
    Object.entries(q)
      .map(([k, v]) => `${k}=${enc(v)}`)
      .join('&'),
  );
const ids = fc.oneof(fc.uuid(), hostileString.map(enc), fc.constant(''));

describe('generated hostile requests with and without sessions never give a 5xx', () => {
  it('GET /api/v1/auth/user and /api/v1/users/user', { timeout: TIMEOUT }, async () => {
    report(
      'current user',
      await fuzzEndpoint(t.api.app, {
        method: 'GET',
        path: fc.oneof(paths('/v1/auth/user'), paths('/v1/users/user')),
        tokens: [user.token, admin.token],
      }),
    );
  });

  it('POST /api/v1/auth/verify-otp', { timeout: TIMEOUT }, async () => {
    report(
      'verify-otp',
      await fuzzEndpoint(t.api.app, {
        method: 'POST',
        path: '/v1/auth/verify-otp',
        body: bodies({}),
        tokens: [user.token],
      }),
    );
  });

  it('POST /api/v1/auth/verify-account', { timeout: TIMEOUT }, async () => {
    report(
      'verify-account',
      await fuzzEndpoint(t.api.app, {
        method: 'POST',
        path: '/v1/auth/verify-account',
        body: bodies({ otp }),
        tokens: [user.token],
      }),
    );
  });

  it('GET /api/v1/admin/user and /api/v1/admin/contact', { timeout: TIMEOUT }, async () => {
    const list = fc
      .tuple(fc.constantFrom('/v1/admin/user', '/v1/admin/contact'), listQuery)
      .map(([p, q]) => `${p}?${q}`);
    report(
      'admin lists',
      await fuzzEndpoint(t.api.app, {
        method: 'GET',
        path: fc.oneof({ weight: 3, arbitrary: list }, paths('/v1/admin/user'), paths('/v1/admin/contact')),
        tokens: [admin.token, user.token],
      }),
    );
  });

  it('DELETE /api/v1/admin/user/delete/{id} and /api/v1/admin/contact/delete/{id}', { timeout: TIMEOUT }, async () => {
    const path = fc
      .tuple(fc.constantFrom('/v1/admin/user/delete/', '/v1/admin/contact/delete/'), ids)
      .map(([p, id]) => p + id);
    report(
      'admin deletes',
      await fuzzEndpoint(t.api.app, { method: 'DELETE', path, tokens: [admin.token, user.token] }),
    );
  });

  it('GET /api/v1/admin/analytics', { timeout: TIMEOUT }, async () => {
    const days = fc.oneof(fc.constantFrom('30', '90', '0', '-1', '30.5', '1e3', ''), hostileString);
    report(
      'admin analytics',
      await fuzzEndpoint(t.api.app, {
        method: 'GET',
        path: fc.oneof(
          { weight: 3, arbitrary: days.map((d) => `/v1/admin/analytics?days=${enc(d)}`) },
          paths('/v1/admin/analytics'),
        ),
        tokens: [admin.token, user.token],
      }),
    );
  });

  // Last: a generated global sign-out may end the sessions the other cases use.
  it('POST /api/v1/auth/sign-out', { timeout: TIMEOUT }, async () => {
    // A successful sign-out ends its token, so give the generator several sessions to spend.
    const own = await Promise.all(Array.from({ length: 10 }, () => signUp(t)));
    report(
      'sign-out',
      await fuzzEndpoint(t.api.app, {
        method: 'POST',
        path: '/v1/auth/sign-out',
        body: bodies({ scope: fc.constantFrom('global', 'local', 'others') }),
        tokens: own.map((a) => a.token),
      }),
    );
  });
});
