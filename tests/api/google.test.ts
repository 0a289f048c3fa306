// Google sign-in against oauth2-mock-server: the code chooses the ID token's claims (codeFor).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFor, startOidcProvider, TEST_CLIENT_ID, type OidcProvider } from '../helpers/oidc-provider.ts';
import { freshIp, signUp, startTestApi, type TestApi } from '../helpers/api.ts';

let t: TestApi;
let idp: OidcProvider;
beforeAll(async () => {
  idp = await startOidcProvider();
  t = await startTestApi({ ...idp.env, SITE_URL: 'http://localhost:4321' });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const google = (claims: Parameters<typeof codeFor>[0], extra = '') =>
  t.call('GET', `/v1/auth/google?code=${encodeURIComponent(codeFor(claims))}${extra}`, { ip: freshIp() });

describe('GET /api/v1/auth/google', () => {
  it('creates a verified account keyed on sub, and signs the same person in again', async () => {
    const res = await google({ sub: 'g-100', email: 'Grace@Example.com', name: 'Grace Hopper' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Welcome, Grace Hopper!',
      token: expect.any(String),
      user: { name: 'Grace Hopper', email: 'grace@example.com', isAccountVerified: true, isAdmin: false },
    });
    // Same sub, changed address at Google: still the same account.
    const again = await google({ sub: 'g-100', email: 'grace.new@example.com', name: 'Grace Hopper' });
    expect(again.status).toBe(200);
    expect(again.body.user._id).toBe(res.body.user._id);
    expect((await t.call('GET', '/v1/auth/user', { token: again.body.token })).status).toBe(200);
  });

  it('links to an existing verified account with the same address; its password keeps working', async () => {
    const acc = await signUp(t);
    await t.api.db.execute(
      (await import('drizzle-orm')).sql`UPDATE users SET is_account_verified = true WHERE id = ${acc.user._id}`,
    );
    const res = await google({ sub: 'g-200', email: acc.email, name: 'Linked' });
    expect(res.status).toBe(200);
    expect(res.body.user._id).toBe(acc.user._id);
    expect((await t.call('GET', '/v1/auth/user', { token: acc.token })).status).toBe(200);
    const pw = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: acc.email, password: acc.password },
      ip: freshIp(),
    });
    expect(pw.status).toBe(200);
  });

  it('takes over an unverified account with that address: its password and sessions end', async () => {
    const squatter = await signUp(t);
    const res = await google({ sub: 'g-300', email: squatter.email, name: 'Real Owner' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ _id: squatter.user._id, isAccountVerified: true });
    expect((await t.call('GET', '/v1/auth/user', { token: squatter.token })).status).toBe(401);
    const pw = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: squatter.email, password: squatter.password },
      ip: freshIp(),
    });
    expect(pw.status).toBe(401);
  });

  it('redirect flow with PKCE: the code is redeemed only with its verifier', async () => {
    const own = 'http://localhost:4321/google-verify';
    // A code from the mock's /authorize, which keeps the challenge as Google does.
    const codeFromAuthorize = async (verifier: string) => {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: TEST_CLIENT_ID,
        redirect_uri: own,
        scope: 'openid email profile',
        state: 'some-state',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        login_hint: codeFor({ sub: 'g-500', email: 'pkce@example.com' }),
      });
      const res = await fetch(`${idp.authorizeUrl}?${query}`, { redirect: 'manual' });
      return new URL(res.headers.get('location')!).searchParams.get('code')!;
    };
    const exchange = (code: string, verifier?: string) =>
      t.call(
        'GET',
        `/v1/auth/google?code=${code}&redirect_uri=${encodeURIComponent(own)}${verifier ? `&code_verifier=${verifier}` : ''}`,
        { ip: freshIp() },
      );
    const verifier = `${'v'.repeat(20)}-._~${'A1'.repeat(10)}`;
    expect((await exchange(await codeFromAuthorize(verifier), 'w'.repeat(43))).status).toBe(401);
    expect((await exchange(await codeFromAuthorize(verifier), 'short')).status).toBe(400);
    const right = await exchange(await codeFromAuthorize(verifier), verifier);
    expect(right.status).toBe(200);
    expect(right.body.user.email).toBe('pkce@example.com');
  });

  it('refuses an ID token whose email is not an e-mail address', async () => {
    const res = await google({ sub: 'g-600', email: 'not an address' });
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('accepts the redirect flow with the site’s own /google-verify, and no other redirect_uri', async () => {
    const own = await google(
      { sub: 'g-400', email: 'redirect@example.com' },
      `&redirect_uri=${encodeURIComponent('http://localhost:4321/google-verify')}`,
    );
    expect(own.status).toBe(200);
    const other = await google(
      { sub: 'g-400', email: 'redirect@example.com' },
      `&redirect_uri=${encodeURIComponent('https://evil.example/google-verify')}`,
    );
    expect(other.status).toBe(400);
    expect(other.body.success).toBe(false);
  });

  it.each([
    ['a wrong audience', { aud: 'someone-else.apps.example' }],
    ['a wrong issuer', { iss: 'https://accounts.evil.example' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 60 }],
  ])('refuses %s with 401', async (_name, claims) => {
    const res = await google({ sub: 'g-500', email: 'refused@example.com', ...claims });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: 'Google sign-in failed. Please try again.' });
  });

  it('refuses an unverified e-mail with 401', async () => {
    const res = await google({ sub: 'g-600', email: 'unverified@example.com', email_verified: false });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/not verified/);
  });

  it('refuses a code the provider rejects (401) and a missing code (400)', async () => {
    const rejected = await t.call('GET', '/v1/auth/google?code=not-a-real-code', { ip: freshIp() });
    expect(rejected.status).toBe(401);
    const missing = await t.call('GET', '/v1/auth/google', { ip: freshIp() });
    expect(missing.status).toBe(400);
    expect(missing.body.issues[0]).toEqual({ path: 'code', message: 'Missing authorization code' });
  });

  it('checks the audience against our client id', () => {
    expect(idp.env.GOOGLE_CLIENT_ID).toBe(TEST_CLIENT_ID);
  });
});

describe('without Google settings', () => {
  it('answers 503 with a clear message', async () => {
    const bare = await startTestApi();
    try {
      const res = await bare.call('GET', `/v1/auth/google?code=${codeFor({ sub: 'x' })}`);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, message: 'Google sign-in is not configured' });
    } finally {
      await bare.close();
    }
  });
});

describe('when the provider is unreachable', () => {
  it('answers 503', async () => {
    const gone = await startTestApi({ ...idp.env, GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token' });
    try {
      const res = await gone.call('GET', `/v1/auth/google?code=${codeFor({ sub: 'x' })}`);
      expect(res.status).toBe(503);
    } finally {
      await gone.close();
    }
  });
});
