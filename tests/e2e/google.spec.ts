// Google sign-in against the OIDC mock. The browser cannot reach Google, so Google's script
// (accounts.google.com/gsi/client) is served by a small mock that answers requestCode() with a code
// from codeFor(): only Google is replaced; our button, the API's code exchange and ID-token checks run.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { SITE } from '../../src/i18n/hi/site.ts';
import { codeFor } from '../helpers/oidc-provider.ts';
import { stepAt, totpCode } from '../helpers/totp.ts';
import { createVerifiedAccount, uniqueEmail } from './fixtures/accounts.ts';
import { expect, expectToast, hydrated, mailedCode, test } from './fixtures/test.ts';

// The mock answers with the page's own OAuth state unless the response names another; with
// `popupBlocked` it reports that the popup could not open, as Google's script does.
async function fakeGoogle(page: Page, response: Record<string, string>, popupBlocked = false) {
  const answer = popupBlocked
    ? `config.error_callback({ type: 'popup_failed_to_open' })`
    : `config.callback({ state: config.state, ...${JSON.stringify(response)} })`;
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.google = { accounts: {
        oauth2: {
          initCodeClient: (config) => ({ requestCode: () => setTimeout(() => ${answer}, 50) }),
          initTokenClient: () => ({ requestAccessToken() {} }),
        },
        id: { initialize() {}, prompt() {}, renderButton() {}, disableAutoSelect() {}, cancel() {} },
      } };`,
    }),
  );
}

const identity = (name: string) => ({ sub: randomUUID(), email: uniqueEmail('google'), email_verified: true, name });

test('popup flow on /login: welcome toast and the dashboard', async ({ page }) => {
  const who = identity('Gina Google');
  await fakeGoogle(page, { code: codeFor(who), scope: 'openid email profile' });
  await page.goto('/login');
  await hydrated(page);
  const button = page.getByRole('button', { name: 'Sign in with Google' });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page).toHaveURL(/\/userdashboard$/);
  await expectToast(page, 'Welcome, Gina Google!');
  await expect(page.getByRole('button', { name: `Account menu for ${who.email}` })).toBeVisible();
});

test('popup flow on /Signup works the same', async ({ page }) => {
  const who = identity('Sam Signup');
  await fakeGoogle(page, { code: codeFor(who), scope: 'openid email profile' });
  await page.goto('/Signup');
  await hydrated(page);
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  await expect(page).toHaveURL(/\/userdashboard$/);
  await expectToast(page, 'Welcome, Sam Signup!');
});

test('popup flow for an account with two-factor on: the code of the app is asked, as after a password', async ({
  page,
  baseURL,
}) => {
  // An account whose owner proved the address, so that it may add a factor.
  const acc = await createVerifiedAccount(baseURL!, 'google-2fa');
  const token = acc.token;
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${baseURL}/api/v1/account/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Record<string, string>;
  };
  // Two-factor on through the API, after its step-up.
  const asked = Date.now();
  await call('code', { purpose: 'add-factor' });
  const otp = await mailedCode(acc.email, /^Confirm adding a sign-in method/, asked);
  const { secret } = await call('two-factor/setup', { otp });
  await call('two-factor/enable', { code: totpCode(secret!, stepAt(new Date())) });

  await fakeGoogle(page, { code: codeFor({ sub: randomUUID(), email: acc.email, name: acc.name }) });
  await page.goto('/login');
  await hydrated(page);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.locator('#two-factor-code-0').focus();
  await page.keyboard.type(totpCode(secret!, stepAt(new Date()) + 1));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/userdashboard$/);
  await expect(page.getByRole('button', { name: `Account menu for ${acc.email}` })).toBeVisible();
});

test('no authorization code: the spec toast', async ({ page }) => {
  await fakeGoogle(page, { code: '', scope: '' });
  await page.goto('/login');
  await hydrated(page);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expectToast(page, 'Google login failed — no authorization code received.');
  await expect(page).toHaveURL(/\/login$/);
});

test('a code the provider refuses: "Something went wrong during Google login."', async ({ page }) => {
  await fakeGoogle(page, { code: 'not-a-valid-code', scope: 'openid' });
  await page.goto('/login');
  await hydrated(page);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expectToast(page, 'Something went wrong during Google login.');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
});

/** Counts the calls that reach the API's Google exchange. */
function exchangeCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (req) => {
    if (req.url().includes('/api/v1/auth/google')) calls++;
  });
  return () => calls;
}

test('popup flow: a code that comes back with another state is dropped, nothing reaches the API', async ({ page }) => {
  const calls = exchangeCalls(page);
  await fakeGoogle(page, { code: codeFor(identity('Mallory')), scope: 'openid', state: 'attacker-state' });
  await page.goto('/login');
  await hydrated(page);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expectToast(page, 'Google login failed — no authorization code received.');
  await expect(page).toHaveURL(/\/login$/);
  expect(calls()).toBe(0);
});

/**
 * Google's authorization page as the mock's /authorize (it keeps the PKCE challenge and checks the
 * verifier when the API redeems the code); login_hint tells it who signs in. Gives the address asked for.
 */
async function googleAuthorizes(page: Page, who: Parameters<typeof codeFor>[0]): Promise<() => URL | undefined> {
  let asked: URL | undefined;
  await page.route('https://accounts.google.com/o/oauth2/v2/auth?**', (route) => {
    asked = new URL(route.request().url());
    const authorize = new URL(process.env.E2E_OIDC_AUTHORIZE_URL!);
    authorize.search = asked.search;
    authorize.searchParams.set('login_hint', codeFor(who));
    return route.fulfill({ status: 302, headers: { location: authorize.href } });
  });
  return () => asked;
}

test('redirect flow (popup blocked): state and PKCE round trip, signs in and drops the code from the address', async ({
  page,
}) => {
  await fakeGoogle(page, {}, true);
  const asked = await googleAuthorizes(page, identity('Rita Redirect'));
  await page.goto('/login');
  await hydrated(page);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  // Two navigations and a code exchange: room for a busy machine.
  await expect(page).toHaveURL(/\/userdashboard$/, { timeout: 30_000 });
  await expectToast(page, 'Welcome, Rita Redirect!');
  expect(asked()?.searchParams.get('code_challenge_method')).toBe('S256');
  expect(asked()?.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
  await page.goBack();
  expect(page.url()).not.toContain('code=');
});

test('redirect flow from a Hindi page: Google returns to /google-verify, and the sign-in ends in Hindi', async ({
  page,
}) => {
  await fakeGoogle(page, {}, true);
  const asked = await googleAuthorizes(page, identity('Hema Hindi'));
  await page.goto('/hi/login');
  await hydrated(page);
  await page.getByRole('button', { name: SITE['Sign in with Google']! }).click();
  await expect(page).toHaveURL(/\/hi\/userdashboard$/, { timeout: 30_000 });
  // The address registered with Google is the same for every language.
  expect(new URL(asked()!.searchParams.get('redirect_uri')!).pathname).toBe('/google-verify');
  await expectToast(page, SITE['Welcome, {name}!']!.replace('{name}', 'Hema Hindi'));
});

test('redirect flow: a link carrying a code but not this browser’s state signs nobody in (login CSRF)', async ({
  page,
}) => {
  const calls = exchangeCalls(page);
  await page.goto(`/google-verify?code=${codeFor(identity('Mallory'))}&state=attacker-state`);
  await expectToast(page, 'Google login failed — no authorization code received.');
  await expect(page.getByRole('link', { name: 'try signing in again' })).toHaveAttribute('href', '/login');
  expect(calls()).toBe(0);
});

test('redirect flow without a code: the spec toast and a way back', async ({ page }) => {
  await page.goto('/google-verify');
  await expectToast(page, 'Google login failed — no authorization code received.');
  await expect(page.getByRole('link', { name: 'try signing in again' })).toHaveAttribute('href', '/login');
});
