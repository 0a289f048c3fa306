// Property-based tests of the calls anyone can make: at least 1,000 generated requests per endpoint
// (wrong types, huge and unicode strings, nulls, extra fields, broken JSON, wrong content types, odd
// paths and methods, hostile X-Forwarded-For) against the real app on this project's database.
// Each answer must be a documented 4xx in the JSON error shape or a JSON success: never a 5xx, never a
// stack trace. See docs/decisions/017-tests-with-real-parts.md.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, codeFor, type OidcProvider } from '../helpers/oidc-provider.ts';
import { startGithubOAuth, type GithubOAuth } from '../helpers/github-oauth.ts';
import { count } from 'drizzle-orm';
import { analyticsViews } from '../../src/server/db/schema.ts';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import { bodies, fuzzEndpoint, hostileString, paths, RUNS } from '../reliability/lib/fuzz.ts';

// Lone surrogates cannot be percent-encoded: a browser would send U+FFFD instead.
const enc = (s: string) => encodeURIComponent(s.toWellFormed());

const TIMEOUT = 240_000;
const email = fc.oneof(fc.emailAddress(), fc.constant('fuzz@example.com'));
const password = fc.string({ minLength: 6, maxLength: 40 });
const otp = fc.stringMatching(/^\d{6}$/);

let t: TestApi;
let oidc: OidcProvider;
let github: GithubOAuth;
beforeAll(async () => {
  oidc = await startOidcProvider();
  github = await startGithubOAuth();
  // TRUST_PROXY: the generated X-Forwarded-For values become rate-limit keys.
  t = await startTestApi({ TRUST_PROXY: 'true', ...oidc.env, ...github.env });
});
afterAll(async () => {
  await t?.close();
  await oidc?.close();
  await github?.close();
});

const report = (name: string, statuses: Record<number, number>) => {
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThanOrEqual(RUNS);
  console.log(`fuzz ${name}: ${total} cases, statuses ${JSON.stringify(statuses)}`);
};

describe('generated hostile requests never give a 5xx, a stack trace or a non-JSON error', () => {
  it('POST /api/form/contact', { timeout: TIMEOUT }, async () => {
    const body = bodies({
      name: fc.string({ minLength: 1, maxLength: 100 }),
      email,
      phoneNumber: fc.string({ maxLength: 32 }),
      message: fc.string({ minLength: 1, maxLength: 5000 }),
      website: fc.constantFrom('', 'http://spam.example'),
    });
    report('contact', await fuzzEndpoint(t.api.app, { method: 'POST', path: '/form/contact', body }));
  });

  it('POST /api/v1/auth/signup', { timeout: TIMEOUT }, async () => {
    report(
      'signup',
      await fuzzEndpoint(t.api.app, {
        method: 'POST',
        path: '/v1/auth/signup',
        body: bodies({ name: fc.string({ minLength: 1, maxLength: 60 }), email, password }),
      }),
    );
  });

  it('POST /api/v1/auth/sign-in', { timeout: TIMEOUT }, async () => {
    report(
      'sign-in',
      await fuzzEndpoint(t.api.app, { method: 'POST', path: '/v1/auth/sign-in', body: bodies({ email, password }) }),
    );
  });

  it('POST /api/v1/auth/reset-otp', { timeout: TIMEOUT }, async () => {
    report(
      'reset-otp',
      await fuzzEndpoint(t.api.app, { method: 'POST', path: '/v1/auth/reset-otp', body: bodies({ email }) }),
    );
  });

  it('POST /api/v1/auth/reset-password', { timeout: TIMEOUT }, async () => {
    report(
      'reset-password',
      await fuzzEndpoint(t.api.app, {
        method: 'POST',
        path: '/v1/auth/reset-password',
        body: bodies({ email, NewPassword: password, otp }),
      }),
    );
  });

  it('GET /api/v1/auth/google?code=…', { timeout: TIMEOUT }, async () => {
    const claims = fc.record(
      { sub: fc.string({ maxLength: 40 }), email, email_verified: fc.boolean(), name: hostileString, aud: fc.string() },
      { requiredKeys: [] },
    );
    const code = fc.oneof(claims.map(codeFor), hostileString, fc.constant(''));
    const redirect = fc.option(fc.oneof(fc.constant('http://localhost:4321/google-verify'), hostileString), {
      nil: undefined,
    });
    const query = fc
      .tuple(code, redirect)
      .map(([c, r]) => `/v1/auth/google?code=${enc(c)}${r === undefined ? '' : `&redirect_uri=${enc(r)}`}`);
    report(
      'google',
      await fuzzEndpoint(t.api.app, {
        method: 'GET',
        path: fc.oneof({ weight: 4, arbitrary: query }, paths('/v1/auth/google')),
      }),
    );
  });

  it("GET /api/v1/cms/auth and /callback (the content editor's GitHub sign-in)", { timeout: TIMEOUT }, async () => {
    const provider = fc.oneof(fc.constant('github'), hostileString);
    const auth = fc
      .tuple(provider, fc.option(hostileString, { nil: undefined }))
      .map(([p, scope]) => `/v1/cms/auth?provider=${enc(p)}${scope === undefined ? '' : `&scope=${enc(scope)}`}`);
    // A state shaped like a real one (nonce.expiry.signature) but never signed by the server, or noise.
    const state = fc.oneof(
      fc.tuple(fc.base64String(), fc.integer(), fc.base64String()).map((parts) => parts.join('.')),
      hostileString,
    );
    const callback = fc
      .tuple(fc.option(hostileString, { nil: undefined }), fc.option(state, { nil: undefined }))
      .map(([code, s]) => {
        const query = new URLSearchParams();
        if (code !== undefined) query.set('code', code.toWellFormed());
        if (s !== undefined) query.set('state', s.toWellFormed());
        return `/v1/cms/callback?${query}`;
      });
    report(
      'cms sign-in',
      await fuzzEndpoint(t.api.app, {
        method: 'GET',
        path: fc.oneof({ weight: 2, arbitrary: auth }, { weight: 3, arbitrary: callback }, paths('/v1/cms/callback')),
      }),
    );
    // No generated state was ever good enough to be exchanged.
    expect(github.exchanges).toEqual([]);
  });

  it('POST /api/v1/analytics/view', { timeout: TIMEOUT }, async () => {
    const path = fc.oneof(
      fc.webPath().map((p) => p || '/'),
      fc.tuple(fc.webPath(), fc.webQueryParameters()).map(([p, q]) => `${p || '/'}?utm_source=${q}&${q}`),
      fc.webUrl(),
      hostileString,
    );
    const referrer = fc.oneof(fc.webUrl(), fc.constant(''), hostileString);
    report(
      'analytics view',
      await fuzzEndpoint(t.api.app, { method: 'POST', path: '/v1/analytics/view', body: bodies({ path, referrer }) }),
    );
    // The generator reached storage: views that counted were written, whatever they held.
    await t.api.analytics.flush();
    const [stored] = await t.api.db.select({ n: count() }).from(analyticsViews);
    expect(stored!.n).toBeGreaterThan(0);
  });

  it('GET /api/health and /api/openapi.json', { timeout: TIMEOUT }, async () => {
    report(
      'health',
      await fuzzEndpoint(t.api.app, { method: 'GET', path: fc.oneof(paths('/health'), paths('/openapi.json')) }),
    );
  });

  it('any path and method under /api', { timeout: TIMEOUT }, async () => {
    const known = fc.constantFrom(
      '/form/contact',
      '/v1/auth/sign-in',
      '/v1/admin/user',
      '/v1/users/user',
      '/v1',
      '',
      '/',
    );
    report(
      'odd paths',
      await fuzzEndpoint(t.api.app, {
        method: 'PATCH',
        path: fc.oneof(
          fc.webPath(),
          fc.webSegment().map((s) => `/${s}`),
          known.chain(paths),
          fc.string({ unit: 'binary' }).map((s) => `/${enc(s)}`),
        ),
      }),
    );
  });
});
