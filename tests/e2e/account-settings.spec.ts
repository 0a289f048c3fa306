// /account in Chromium: name (the avatar menu follows), password (another browser is signed out),
// devices, data download, deletion (sign-in then fails), the dashboard's enquiries and the claim link,
// keyboard only, and axe.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { TOKEN_KEY } from '../../src/lib/constants.ts';
import { codeFor } from '../helpers/oidc-provider.ts';
import { createAccount, signInAs, uniqueEmail, useToken, type Account } from './fixtures/accounts.ts';
import { expect, expectToast, hydrated, mailedCode, test } from './fixtures/test.ts';
import { expectAxeClean } from './fixtures/axe.ts';

async function openAccount(page: Page, acc: Account) {
  await useToken(page, acc.token);
  await page.goto('/account');
  await hydrated(page);
}

/** Scrolls each panel into view so that its island (client:visible) hydrates. */
async function revealPanels(page: Page) {
  for (const id of ['password', 'devices', 'your-data', 'delete-account'])
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  // The toaster and the cookie banner hydrate on their own terms; every other island has hydrated.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('astro-island[ssr]')].filter(
        (el) => !['toast', 'consent-pending'].includes(el.getAttribute('client') ?? ''),
      ).length === 0,
  );
}

test('a visitor without a session is sent to /login', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
});

test('the avatar menu and the dashboard lead to the settings; a new name shows in the menu at once', async ({
  page,
  baseURL,
}) => {
  const acc = await createAccount(baseURL!, 'name');
  await useToken(page, acc.token);
  await page.goto('/userdashboard');
  await page.getByRole('link', { name: 'Account settings' }).first().click();
  await expect(page).toHaveURL(/\/account$/);
  await page.goBack();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.locator('#account-menu').getByRole('link', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await hydrated(page);

  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue('Test Person');
  await name.fill('A');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await name.fill('Grace Renamed');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expectToast(page, 'Profile updated');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.locator('#account-menu').getByText('Grace Renamed')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Grace Renamed');
});

test('changing the password signs out a second browser; the old password no longer works', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const acc = await createAccount(baseURL!, 'password');
  const other = await browser.newContext({ baseURL: baseURL! });
  const otherPage = await other.newPage();
  await useToken(otherPage, await signInAs(baseURL!, acc.email, acc.password));
  await otherPage.goto('/userdashboard');
  await expect(otherPage.getByRole('heading', { name: /Welcome/ })).toBeVisible();

  await openAccount(page, acc);
  await revealPanels(page);
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password').fill('Brand-New-Pass-9');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Incorrect password')).toBeVisible();
  await page.getByLabel('Current password').fill(acc.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Password changed. Every other device has been signed out.');
  // The device list follows: only this one is left.
  await expect(page.getByText('This is the only device signed in to your account.')).toBeVisible();

  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();
  const old = await fetch(`${baseURL}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: acc.email, password: acc.password }),
  });
  expect(old.status).toBe(401);
  await signInAs(baseURL!, acc.email, 'Brand-New-Pass-9');
});

test('ends another device, then downloads the data', async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  const acc = await createAccount(baseURL!, 'devices');
  const other = await browser.newContext({
    baseURL: baseURL!,
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  });
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await hydrated(otherPage);
  await otherPage.getByLabel('Email').fill(acc.email);
  await otherPage.getByLabel('Password').fill(acc.password);
  await otherPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(otherPage).toHaveURL(/\/userdashboard$/);

  // A third session, signed in through the API (no browser User-Agent of its own).
  await signInAs(baseURL!, acc.email, acc.password);
  await openAccount(page, acc);
  await revealPanels(page);
  const list = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByText('This device')).toHaveCount(1);
  await page.getByRole('button', { name: /^Sign out Firefox 128 on Windows/ }).click();
  await expectToast(page, 'Signed out of Firefox 128 on Windows');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();

  await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
  await expectToast(page, 'Signed out of every other device');
  await expect(list.getByRole('listitem')).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download your data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/-account-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await file.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ email: acc.email, name: acc.name, hasPassword: true });
  expect(data.sessions).toHaveLength(1);
});

test('an enquiry sent while signed in shows on the dashboard; the live demo card claims its site', async ({
  page,
  baseURL,
}) => {
  const acc = await createAccount(baseURL!, 'enquiry');
  await useToken(page, acc.token);
  await page.goto('/userdashboard');
  await expect(page.getByText(/appear here/)).toBeVisible();
  await page.getByRole('link', { name: /^Claim this project: / }).click();
  await expect(page).toHaveURL(/\/contact\?claim=/);
  await hydrated(page);
  const message = page.getByLabel('Message');
  await expect(message).toHaveValue(/^Claim: ShopLocal Storefront\n/);
  await message.press('End');
  await message.pressSequentially('We run a bakery.');
  await page.getByLabel('Name', { exact: true }).fill(acc.name);
  await page.getByLabel('Email').fill(acc.email);
  await page.getByLabel('Phone number').fill('+91 98765 43210');
  const question = ((await page.locator('label[for="contact-bot"]').textContent()) ?? '').trim();
  const [, x, y] = /What is (\d+) \+ (\d+)\?/.exec(question)!;
  await page.getByLabel(question).fill(String(Number(x) + Number(y)));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Message sent successfully!');

  await page.goto('/userdashboard');
  const list = page.getByRole('region', { name: 'Your enquiries' }).getByRole('listitem');
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText('Claim: ShopLocal Storefront');
  await expect(list.first()).toContainText('New');
  await expect(list.first()).not.toContainText('bakery');
});

test('deleting the account: a confirm dialog with the password, then signed out to / and sign-in fails', async ({
  page,
  baseURL,
}) => {
  const acc = await createAccount(baseURL!, 'delete');
  await openAccount(page, acc);
  await revealPanels(page);
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete account…' }).click();
  await dialog.getByLabel('Your password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Incorrect password')).toBeVisible();
  await dialog.getByLabel('Your password').fill(acc.password);
  await dialog.getByLabel('Your password').press('Enter');
  await expect(page).toHaveURL(new URL('/', baseURL).href);
  await expectToast(page, 'Your account has been deleted');
  expect(await page.evaluate((k) => localStorage.getItem(k), TOKEN_KEY)).toBeNull();

  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(acc.email);
  await page.getByLabel('Password').fill(acc.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).first()).toBeVisible();
});

test('keyboard only: rename, reach every panel, open and cancel the delete dialog', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const acc = await createAccount(baseURL!, 'keyboard');
  await openAccount(page, acc);
  await revealPanels(page);
  await page.getByLabel('Name', { exact: true }).focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Keyboard Person');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Profile updated');

  // Tab order reaches each panel's controls in reading order, with a visible focus ring.
  const reached: string[] = [];
  for (let i = 0; i < 40 && !reached.includes('Delete account…'); i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? '').trim() : '';
    });
    reached.push(name);
  }
  for (const control of ['Change password', 'Download your data', 'Delete account…'])
    expect(reached).toContain(control);
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  // Focus stays in the dialog.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const me = await fetch(`${baseURL}/api/v1/auth/user`, { headers: { authorization: `Bearer ${acc.token}` } });
  expect(((await me.json()) as { userData: { name: string } }).userData.name).toBe('Keyboard Person');
});

test('axe: /account with every panel, and its delete dialog', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const acc = await createAccount(baseURL!, 'axe');
  await openAccount(page, acc);
  await revealPanels(page);
  await expect(page.getByRole('list', { name: 'Signed-in devices' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Delete account…' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAxeClean(page);
});

/** An account made through Google (the OIDC stand-in) that never set a password. */
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
