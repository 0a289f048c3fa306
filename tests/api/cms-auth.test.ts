// The content editor's GitHub sign-in (GET /api/v1/cms/auth and /callback) against a local mock of
// GitHub's OAuth endpoints. The page the callback answers is run in happy-dom with a mock opener, so
// the messages it posts are the ones the editor would receive.
import { createHash } from 'node:crypto';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATE_TTL_MS } from '../../src/server/cms/oauth-state.ts';
import { freshIp, startTestApi, type TestApi } from '../helpers/api.ts';
import { GITHUB_CLIENT_ID, startGithubOAuth, type GithubOAuth } from '../helpers/github-oauth.ts';

const SITE = 'http://localhost:4321';
let t: TestApi;
let github: GithubOAuth;
beforeAll(async () => {
  github = await startGithubOAuth();
  t = await startTestApi({ ...github.env, SITE_URL: SITE });
});
afterAll(async () => {
  await t.close();
  await github.close();
});

/** GET /cms/auth: the state GitHub would send back, and the whole redirect. */
async function startSignIn() {
  const res = await t.call('GET', '/v1/cms/auth?provider=github&site_id=localhost&scope=repo', { ip: freshIp() });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location') ?? '');
  return { location, state: location.searchParams.get('state') ?? '' };
}

const callback = (query: Record<string, string>) =>
  t.call('GET', `/v1/cms/callback?${new URLSearchParams(query)}`, { ip: freshIp() });

/**
 * Runs the callback's page as the sign-in window, opened by the editor at `openerOrigin`: the opener
 * echoes `authorizing:github` as the CMS does. Returns what the opener received, with target origins.
 */
async function runPage(html: string, openerOrigin = SITE) {
  const window = new Window({
    url: 'http://localhost:4321/api/v1/cms/callback',
    settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true },
  });
  const received: [string, string][] = [];
  const opener = {
    postMessage(message: string, targetOrigin: string) {
      received.push([message, targetOrigin]);
      if (targetOrigin !== openerOrigin) return;
      if (message === 'authorizing:github') {
        window.dispatchEvent(
          new window.MessageEvent('message', { data: message, origin: openerOrigin, source: opener as never }),
        );
      }
    },
  };
  Object.defineProperty(window, 'opener', { value: opener });
  window.document.write(html);
  await window.happyDOM.waitUntilComplete();
  await window.happyDOM.close();
  return received;
}

describe('GET /api/v1/cms/auth', () => {
  it("redirects to GitHub's authorize page with the client id, the callback and a signed state", async () => {
    const { location, state } = await startSignIn();
    expect(`${location.origin}${location.pathname}`).toBe(github.env.CMS_GITHUB_AUTHORIZE_URL);
    expect(location.searchParams.get('client_id')).toBe(GITHUB_CLIENT_ID);
    expect(location.searchParams.get('redirect_uri')).toBe(`${SITE}/api/v1/cms/callback`);
    expect(location.searchParams.get('scope')).toBe('repo');
    expect(state).toMatch(/^[\w-]{22}\.\d+\.[\w-]{43}$/);
    // Each sign-in gets its own state.
    expect((await startSignIn()).state).not.toBe(state);
  });

  it("passes the editor's scopes on to GitHub, and no scope it does not need", async () => {
    const res = await t.call('GET', '/v1/cms/auth?provider=github&site_id=localhost&scope=repo%2Cuser', {
      ip: freshIp(),
    });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('scope')).toBe('repo user');
    const wider = await t.call('GET', '/v1/cms/auth?provider=github&scope=repo%2Cadmin%3Aorg', { ip: freshIp() });
    expect(wider.status).toBe(400);
    expect(wider.body.message).toMatch(/^scope must be a list of repo, public_repo/);
  });

  it('refuses another provider with a JSON 400', async () => {
    const res = await t.call('GET', '/v1/cms/auth?provider=gitlab', { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'provider must be github' });
  });
});

describe('GET /api/v1/cms/callback', () => {
  it('exchanges the code and answers the page that hands the token to the editor', async () => {
    const { state } = await startSignIn();
    const { code, token } = github.grant();
    const res = await callback({ code, state });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(github.exchanges.at(-1)).toMatchObject({
      code,
      client_id: GITHUB_CLIENT_ID,
      redirect_uri: `${SITE}/api/v1/cms/callback`,
    });
    // The page's policy allows its one inline script, by hash, and nothing else.
    const script = /<script>([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
    const hash = createHash('sha256').update(script).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'sha256-${hash}'`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    // The window keeps its opener (a stricter opener policy would cut it off from the editor).
    expect(res.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(await runPage(res.body)).toEqual([
      ['authorizing:github', SITE],
      [`authorization:github:success:${JSON.stringify({ token, provider: 'github' })}`, SITE],
    ]);
  });

  it('hands the token to no other origin than the site', async () => {
    const { state } = await startSignIn();
    const res = await callback({ code: github.grant().code, state });
    expect(res.status).toBe(200);
    const received = await runPage(res.body, 'https://evil.example');
    expect(received).toEqual([['authorizing:github', SITE]]);
  });

  it('refuses a reused state, even with a fresh code', async () => {
    const { state } = await startSignIn();
    expect((await callback({ code: github.grant().code, state })).status).toBe(200);
    const again = await callback({ code: github.grant().code, state });
    expect(again.status).toBe(400);
    expect(again.body).not.toContain('gho_');
    expect(await runPage(again.body)).toContainEqual([
      `authorization:github:error:${JSON.stringify({ error: 'This sign-in link was already used. Please sign in again.' })}`,
      SITE,
    ]);
  });

  it('refuses a forged state: a changed nonce, expiry or signature, or none', async () => {
    const { state } = await startSignIn();
    const [nonce, expires, signature] = state.split('.') as [string, string, string];
    const forged = [
      `${nonce.slice(0, -2)}AA.${expires}.${signature}`,
      `${nonce}.${Number(expires) + 60_000}.${signature}`,
      `${nonce}.${expires}.${signature.slice(0, -2)}AA`,
      `${nonce}.${expires}`,
      'not-a-state',
    ];
    const exchanged = github.exchanges.length;
    for (const bad of forged) {
      const res = await callback({ code: github.grant().code, state: bad });
      expect(res.status, bad).toBe(400);
      expect(await runPage(res.body)).toContainEqual([
        `authorization:github:error:${JSON.stringify({ error: 'The sign-in link is not valid. Please sign in again.' })}`,
        SITE,
      ]);
    }
    const missing = await callback({ code: github.grant().code });
    expect(missing.status).toBe(400);
    // No refused state reached GitHub's token endpoint; the genuine one still works afterwards.
    expect(github.exchanges.length).toBe(exchanged);
    expect((await callback({ code: github.grant().code, state })).status).toBe(200);
  });

  it('refuses an expired state', async () => {
    const { state } = await startSignIn();
    t.clock.advance(STATE_TTL_MS + 1000);
    const res = await callback({ code: github.grant().code, state });
    expect(res.status).toBe(400);
    expect(await runPage(res.body)).toContainEqual([
      `authorization:github:error:${JSON.stringify({ error: 'The sign-in took too long. Please sign in again.' })}`,
      SITE,
    ]);
  });

  it("passes on GitHub's refusal: a code it does not know, or the user saying no", async () => {
    const bad = await callback({ code: 'not-issued', state: (await startSignIn()).state });
    expect(bad.status).toBe(400);
    expect(await runPage(bad.body)).toContainEqual([
      `authorization:github:error:${JSON.stringify({ error: 'GitHub refused the sign-in: The code passed is incorrect or expired.' })}`,
      SITE,
    ]);
    const denied = await callback({
      error: 'access_denied',
      error_description: 'The user has denied your application access.',
      state: (await startSignIn()).state,
    });
    expect(denied.status).toBe(400);
    expect(denied.body).toContain('authorization');
  });

  it('answers a JSON 400 for an oversized parameter, never a 500', async () => {
    const res = await callback({ code: 'x'.repeat(5000), state: 'y' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
  });
});

describe('without CMS_GITHUB_CLIENT_ID', () => {
  it('answers 503 with the reason', async () => {
    const plain = await startTestApi({ SITE_URL: SITE });
    try {
      const res = await plain.call('GET', '/v1/cms/auth?provider=github', { ip: freshIp() });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, message: 'GitHub sign-in for the content editor is not configured' });
    } finally {
      await plain.close();
    }
  });
});
