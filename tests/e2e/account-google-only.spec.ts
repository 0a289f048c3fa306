// A Google-only account (made through the OIDC mock, never given a password) on /account: a first
// password set with a mailed code, and deletion confirmed with a mailed code.
import { randomUUID } from 'node:crypto';
import { codeFor } from '../helpers/oidc-provider.ts';
import { revealPanels } from './fixtures/account-page.ts';
import { signInAs, uniqueEmail, useToken } from './fixtures/accounts.ts';
import { expect, expectToast, hydrated, mailedCode, test } from './fixtures/test.ts';

/** An account made through Google (the OIDC mock) that never set a password. */
async function googleAccount(baseURL: string) {
  const email = uniqueEmail('google-only');
  const code = codeFor({ sub: randomUUID(), email, email_verified: true, name: 'Gina Google' });
  const res = await fetch(`${baseURL}/api/v1/auth/google?code=${encodeURIComponent(code)}`);
  expect(res.status).toBe(200);
  return { email, token: ((await res.json()) as { token: string }).token };
}

test('a Google-only account sets a first password with a mailed code, another deletes itself with one', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const setter = await googleAccount(baseURL!);
  await useToken(page, setter.token);
  await page.goto('/account');
  await hydrated(page);
  await revealPanels(page);
  const asked = Date.now();
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expectToast(page, 'We sent a 6-digit code to your e-mail');
  const code = await mailedCode(setter.email, /Set a password/, asked - 1000);
  await page.getByLabel('Digit 1 of 6').first().focus();
  await page.keyboard.type(code);
  await page.getByLabel('New password').fill('Google-First-Pass-1');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expectToast(page, 'Password set. Every other device has been signed out.');
  await signInAs(baseURL!, setter.email, 'Google-First-Pass-1');

  const leaver = await googleAccount(baseURL!);
  await useToken(page, leaver.token);
  await page.goto('/account');
  await hydrated(page);
  await revealPanels(page);
  const opened = Date.now();
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText(`Code we sent to ${leaver.email}`)).toBeVisible();
  const deleteCode = await mailedCode(leaver.email, /Confirm deleting your account/, opened - 1000);
  await dialog.getByLabel('Digit 1 of 6').focus();
  await page.keyboard.type(deleteCode);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(new URL('/', baseURL).href);
  await expectToast(page, 'Your account has been deleted');
  const me = await fetch(`${baseURL}/api/v1/auth/user`, { headers: { authorization: `Bearer ${leaver.token}` } });
  expect(me.status).toBe(401);
});
