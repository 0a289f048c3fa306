// Google sign-in against the OIDC stand-in. The browser cannot reach Google, so Google's script
// (accounts.google.com/gsi/client) is served by a small stand-in that answers requestCode() with a code
// from codeFor(): only Google is replaced; our button, the API's code exchange and ID-token checks run.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { codeFor } from '../helpers/oidc-provider.ts';
import { uniqueEmail } from './fixtures/accounts.ts';
import { expect, expectToast, hydrated, test } from './fixtures/test.ts';

async function fakeGoogle(page: Page, response: Record<string, string>) {
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.google = { accounts: {
        oauth2: {
          initCodeClient: (config) => ({ requestCode: () => setTimeout(() => config.callback(${JSON.stringify(response)}), 50) }),
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

test('redirect flow: /google-verify?code=… signs in and drops the code from the address', async ({ page }) => {
  const who = identity('Rita Redirect');
  await page.goto(`/google-verify?code=${codeFor(who)}`);
  await expect(page).toHaveURL(/\/userdashboard$/);
  await expectToast(page, 'Welcome, Rita Redirect!');
  await page.goBack();
  expect(page.url()).not.toContain('code=');
});

test('redirect flow without a code: the spec toast and a way back', async ({ page }) => {
  await page.goto('/google-verify');
  await expectToast(page, 'Google login failed — no authorization code received.');
  await expect(page.getByRole('link', { name: 'try signing in again' })).toHaveAttribute('href', '/login');
});
