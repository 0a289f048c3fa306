// Every guard's redirect, the loading state that hides protected content, and tabs following each other.
import { ADMIN, createAccount, signInAs, useToken } from './fixtures/accounts.ts';
import { expect, expectToast, hydrated, mailedCode, test } from './fixtures/test.ts';

const protectedPages = [
  '/userdashboard',
  '/email-verify',
  '/admin',
  '/admin/addwebsite',
  '/admin/adminusers',
  '/admin/contactdetails',
  '/admin/userdashboard',
];
const adminPages = protectedPages.filter((p) => p.startsWith('/admin'));

for (const path of protectedPages) {
  test(`signed out, ${path} goes to /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  });
}

test('a stale token is dropped and counts as signed out', async ({ page }) => {
  await useToken(page, 'not-a-real-token');
  await page.goto('/userdashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('signed in, /Signup and /login go to /userdashboard', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, 'guest-guard');
  await useToken(page, account.token);
  for (const path of ['/Signup', '/login']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/userdashboard$/);
  }
});

test('a non-admin on any admin page goes to /userdashboard', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, 'not-admin');
  await useToken(page, account.token);
  for (const path of adminPages) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/userdashboard$/);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  }
});

test('an admin stays on admin pages', async ({ page, baseURL }) => {
  await useToken(page, await signInAs(baseURL!, ADMIN.email, ADMIN.password));
  for (const path of adminPages) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

test('a verified account on /email-verify goes to /userdashboard with the message', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, 'verified');
  const asked = Date.now();
  const res = await fetch(`${baseURL}/api/v1/auth/verify-otp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  const otp = await mailedCode(account.email, /Verify your e-mail/, asked - 1000);
  const verified = await fetch(`${baseURL}/api/v1/auth/verify-account`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ otp }),
  });
  expect(verified.status).toBe(200);

  await useToken(page, account.token);
  await page.goto('/email-verify');
  await expect(page).toHaveURL(/\/userdashboard$/);
  await expectToast(page, 'Your account is already verified');
});

test('protected content never shows while the session loads', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, 'slow');
  await useToken(page, account.token);
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/v1/auth/user', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/userdashboard');
  await expect(page.getByRole('status').filter({ hasText: 'Checking your session…' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Featured projects' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { name: 'Featured projects' })).toBeVisible();
});

test('the prebuilt HTML of protected pages holds no protected content', async ({ request }) => {
  for (const path of ['/userdashboard', '/admin/adminusers', '/admin/userdashboard']) {
    const html = await (await request.get(path)).text();
    expect(html).toContain('Checking your session');
    // The featured section's public copy travels in the island's props; it must not be rendered as markup.
    expect(html).not.toMatch(/<h2[^>]*>\s*Featured projects/);
    expect(html).not.toContain('Log out');
  }
});

test('other tabs follow a sign-out and a sign-in', async ({ page, context, baseURL }) => {
  const account = await createAccount(baseURL!, 'tabs');
  await useToken(page, account.token);
  await page.goto('/userdashboard');
  const other = await context.newPage();
  await other.goto('/userdashboard');
  await expect(other.getByRole('button', { name: /Account menu/ })).toBeVisible();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(other).toHaveURL(/\/login$/);

  // Signing in on one tab moves the other tab's login page on to the dashboard.
  await hydrated(other);
  await hydrated(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/userdashboard$/);
  await expect(other).toHaveURL(/\/userdashboard$/);
});

test('a failed log-out keeps the user signed in with "Failed to log out"', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, 'logout-fail');
  await useToken(page, account.token);
  await page.goto('/userdashboard');
  await page.route('**/api/v1/auth/sign-out', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expectToast(page, 'Failed to log out');
  await expect(page).toHaveURL(/\/userdashboard$/);
});
