// Property-based tests of the passkey and two-factor calls: at least 1,000 generated requests per call,
// mixing real browser answers (made by the software authenticator for live challenges) with mutated and
// hostile ones, valid and garbage tokens. Never a 5xx, never a stack trace, always JSON.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApi, type Account, type TestApi } from '../helpers/api.ts';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { totpCode, stepAt } from '../helpers/totp.ts';
import { bodies, fuzzEndpoint, hostileString, hostileValue, paths, RUNS } from '../reliability/lib/fuzz.ts';

const TIMEOUT = 300_000;
const SITE = 'http://localhost:4321';
const POOL = 20;

let t: TestApi;
let user: Account;
let device: SoftwareAuthenticator;
let secret: string;
let passkeyIds: string[] = [];
const registrations: Array<ReturnType<SoftwareAuthenticator['register']>> = [];
const assertions: Array<ReturnType<SoftwareAuthenticator['assert']>> = [];
const challenges: string[] = [];

beforeAll(async () => {
  // Without limits, so that the generated requests reach the checks behind them.
  t = await startTestApi({ SITE_URL: SITE, RATE_LIMITS: 'off' });
  user = await signUp(t);
  device = new SoftwareAuthenticator(SITE);
  const register = async () => {
    const options = await t.call('POST', '/v1/account/passkeys/options', { token: user.token });
    return device.register(options.body);
  };
  const first = await t.call('POST', '/v1/account/passkeys', {
    token: user.token,
    body: { response: await register() },
  });
  expect(first.status).toBe(201);
  passkeyIds = [first.body.data._id];
  for (let i = 0; i < POOL; i++) registrations.push(await register());
  for (let i = 0; i < POOL; i++) {
    const options = await t.call('POST', '/v1/auth/passkey/options');
    assertions.push(device.assert(options.body, device.credentials[0]));
  }
  const setup = await t.call('POST', '/v1/account/two-factor/setup', { token: user.token });
  secret = setup.body.secret;
  const code = totpCode(secret, stepAt(t.clock.now()));
  expect((await t.call('POST', '/v1/account/two-factor/enable', { token: user.token, body: { code } })).status).toBe(
    200,
  );
  for (let i = 0; i < POOL; i++) {
    const res = await t.call('POST', '/v1/auth/sign-in', { body: { email: user.email, password: user.password } });
    challenges.push(res.body.challenge);
  }
});
afterAll(() => t?.close());

const report = (name: string, statuses: Record<number, number>) => {
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThanOrEqual(RUNS);
  console.log(`fuzz ${name}: ${total} cases, statuses ${JSON.stringify(statuses)}`);
};

const base64url = fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('base64url'));
/** A field of a real answer: as it was, other base64url bytes, or anything. */
const field = (value: unknown) => fc.oneof({ weight: 3, arbitrary: fc.constant(value) }, base64url, hostileValue);

/** A real browser answer with some of its fields replaced. */
function mutated<C extends { response: Record<string, unknown> }>(pool: () => C[]) {
  return fc.constantFrom(...Array.from({ length: POOL }, (_, i) => i)).chain((i) => {
    const real = pool()[i]!;
    const inner = Object.fromEntries(Object.entries(real.response).map(([k, v]) => [k, field(v)]));
    const outer = Object.fromEntries(
      Object.entries(real)
        .filter(([k]) => k !== 'response')
        .map(([k, v]) => [k, field(v)]),
    );
    return fc.record(
      { ...outer, response: fc.oneof({ weight: 3, arbitrary: fc.record(inner, { requiredKeys: [] }) }, hostileValue) },
      { requiredKeys: [] },
    );
  });
}

const code = fc.oneof(
  fc.stringMatching(/^\d{6}$/),
  fc.stringMatching(/^[a-z2-9]{5}-[a-z2-9]{5}$/),
  fc.constant('000000'),
  hostileString,
);
const uuid = fc.uuid();

describe('generated hostile requests to the passkey and two-factor calls never give a 5xx', () => {
  it('POST /api/v1/auth/passkey/options', { timeout: TIMEOUT }, async () => {
    report('passkey options', await fuzzEndpoint(t.api.app, { method: 'POST', path: '/v1/auth/passkey/options' }));
  });

  it('POST /api/v1/auth/passkey', { timeout: TIMEOUT }, async () => {
    const body = bodies({ response: mutated(() => assertions) });
    report('passkey sign-in', await fuzzEndpoint(t.api.app, { method: 'POST', path: '/v1/auth/passkey', body }));
  });

  it('POST /api/v1/auth/two-factor', { timeout: TIMEOUT }, async () => {
    const body = bodies({ challenge: fc.oneof(fc.constantFrom(...challenges), hostileString), code });
    report('two-factor sign-in', await fuzzEndpoint(t.api.app, { method: 'POST', path: '/v1/auth/two-factor', body }));
  });

  it('GET /api/v1/account/passkeys and /two-factor', { timeout: TIMEOUT }, async () => {
    const path = fc.oneof(paths('/v1/account/passkeys'), paths('/v1/account/two-factor'));
    report(
      'passkey and two-factor reads',
      await fuzzEndpoint(t.api.app, { method: 'GET', path, tokens: [user.token] }),
    );
  });

  it('POST /api/v1/account/passkeys/options and /api/v1/account/passkeys', { timeout: TIMEOUT }, async () => {
    report(
      'passkey registration options',
      await fuzzEndpoint(t.api.app, { method: 'POST', path: '/v1/account/passkeys/options', tokens: [user.token] }),
    );
    const body = bodies({
      response: mutated(() => registrations),
      name: fc.oneof(fc.string({ maxLength: 70 }), hostileString),
    });
    report(
      'passkey add',
      await fuzzEndpoint(t.api.app, { method: 'POST', path: '/v1/account/passkeys', body, tokens: [user.token] }),
    );
  });

  it('PATCH and DELETE /api/v1/account/passkeys/{id}', { timeout: TIMEOUT }, async () => {
    const id = fc.oneof(
      fc.constantFrom(...passkeyIds),
      uuid,
      hostileString.map((s) => encodeURIComponent(s.toWellFormed())),
    );
    const path = id.chain((i) => paths(`/v1/account/passkeys/${i}`));
    const body = bodies({ name: fc.oneof(fc.string({ minLength: 1, maxLength: 64 }), hostileString) });
    report('passkey rename', await fuzzEndpoint(t.api.app, { method: 'PATCH', path, body, tokens: [user.token] }));
    report('passkey remove', await fuzzEndpoint(t.api.app, { method: 'DELETE', path, tokens: [user.token] }));
  });

  it('POST /api/v1/account/two-factor/{setup,enable,disable,recovery-codes}', { timeout: TIMEOUT }, async () => {
    const proof = bodies({ password: fc.oneof(fc.constant(user.password), hostileString), code });
    // Recovery codes and disabling first, while two-factor is on; then set-up and enabling, once it is off.
    report(
      'two-factor recovery codes',
      await fuzzEndpoint(t.api.app, {
        method: 'POST',
        path: '/v1/account/two-factor/recovery-codes',
        body: proof,
        tokens: [user.token],
      }),
    );
    report(
      'two-factor disable',
      await fuzzEndpoint(t.api.app, {
        method: 'POST',
        path: '/v1/account/two-factor/disable',
        body: proof,
        tokens: [user.token],
      }),
    );
    report(
      'two-factor setup',
      await fuzzEndpoint(t.api.app, { method: 'POST', path: '/v1/account/two-factor/setup', tokens: [user.token] }),
    );
    report(
      'two-factor enable',
      await fuzzEndpoint(t.api.app, {
        method: 'POST',
        path: '/v1/account/two-factor/enable',
        body: bodies({ code }),
        tokens: [user.token],
      }),
    );
  });
});
