// /account in Chromium, panel by panel: a visitor without a session sent to /login, the name (the avatar
// menu follows), the password (another browser is signed out), devices and the data download, and
// deletion (sign-in then fails).
import { readFile } from 'node:fs/promises';
import { TOKEN_KEY } from '../../src/lib/constants.ts';
import { openAccount, revealPanels } from './fixtures/account-page.ts';
import { createAccount, signInAs, useToken } from './fixtures/accounts.ts';
import { expect, expectToast, hydrated, test } from './fixtures/test.ts';

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

test('a save whose schemas cannot be fetched says so and keeps the name; two quick clicks while they download send it once', async ({
  page,
  baseURL,
}) => {
  const acc = await createAccount(baseURL!, 'schemas');
  // The panels' zod schemas are a lazy module of their own (src/islands/account/form-schemas.ts): first
  // out of reach, then held until the test lets it go.
  let mode: 'offline' | 'held' = 'offline';
  let asked = 0;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/form-schemas\.[\w-]+\.js$/, async (route) => {
    asked++;
    if (mode === 'offline') return route.abort('internetdisconnected');
    await gate;
    return route.continue();
  });
  const saves: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PATCH' && new URL(req.url()).pathname === '/api/v1/account') saves.push(req.url());
  });
  await openAccount(page, acc);
  const name = page.getByLabel('Name', { exact: true });
  await name.fill('Grace Offline');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expectToast(page, 'Could not reach the server');
  await expect(name).toHaveValue('Grace Offline');
  expect(saves).toHaveLength(0);

  mode = 'held';
  const askedBefore = asked;
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect.poll(() => asked).toBeGreaterThan(askedBefore); // the first click awaits the module
  await page.getByRole('button', { name: 'Save name' }).click();
  release();
  await expectToast(page, 'Profile updated');
  // Both clicks' sends would have left together, when the module came in, before the answer to the first.
  expect(saves).toHaveLength(1);
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Grace Offline');
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
