// Signup, dashboard, e-mail verification with the mailed code, log out, login: the whole account path.
import { DEVICE_TOKEN_KEY, TOKEN_KEY } from '../../src/lib/constants.ts';
import { ADMIN, createAccount, signInAs, uniqueEmail, useToken } from './fixtures/accounts.ts';
import { readFolder } from '../helpers/content.ts';
import { expect, expectToast, holdRequests, hydrated, mailedCode, test } from './fixtures/test.ts';

test('signup → dashboard → code by mail → verified → log out → login', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('journey');
  const password = 'Journey-Pass-77';

  await page.goto('/Signup');
  await hydrated(page);
  // The spec's validation messages, inline.
  await page.getByLabel('Full name').fill('J');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await page.getByLabel('Full name').fill('Journey Person');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  const releaseSignup = await holdRequests(page, '**/api/v1/auth/signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
  releaseSignup();
  // Signup goes to /login, whose guard sends the new (signed-in) user on to the dashboard.
  await expect(page).toHaveURL(/\/userdashboard$/);
  await expectToast(page, 'Account created successfully!');

  // Dashboard: featured projects with the claim text, and the avatar menu.
  await expect(page.getByRole('heading', { name: 'Featured projects' })).toBeVisible();
  await expect(page.getByText(/Claim a project by filling in the contact form with the site name/)).toBeVisible();
  await expect(page.locator('#featured-title ~ ul > li')).toHaveCount(readFolder('content/featured').length);
  const avatar = page.getByRole('button', { name: `Account menu for ${email}` });
  await expect(avatar).toHaveText(email.slice(0, 2).toUpperCase());
  await avatar.click();
  await expect(page.locator('#account-menu').getByText(email)).toBeVisible();

  const asked = Date.now();
  await page.getByRole('link', { name: 'Verify Account' }).click();
  await expect(page).toHaveURL(/\/email-verify$/);
  await expectToast(page, 'Verification code sent to your email');
  await expect(page.getByText('Enter 6 Digit Code sent to your Mail')).toBeVisible();
  const code = await mailedCode(email, /Verify your e-mail/, asked - 1000);

  // Typing moves forward box by box.
  await page.getByLabel('Digit 1 of 6').focus();
  await page.keyboard.type(code);
  for (let i = 0; i < 6; i++) await expect(page.getByLabel(`Digit ${i + 1} of 6`)).toHaveValue(code[i]!);
  await page.getByRole('button', { name: 'verify Email' }).click();
  await expect(page).toHaveURL(/\/userdashboard$/);
  await expectToast(page, 'Email verified successfully');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.locator('#account-menu').getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verify Account' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your e-mail address is not verified yet' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Successfully logged out');
  expect(await page.evaluate((k) => localStorage.getItem(k) ?? sessionStorage.getItem(k), TOKEN_KEY)).toBeNull();
  // The device token signup gave this browser outlives the sign-out, to be sent back with the next sign-in.
  const deviceToken = await page.evaluate((k) => localStorage.getItem(k), DEVICE_TOKEN_KEY);
  expect(deviceToken).toMatch(/^[\w-]+\.\d+\.[\w-]+$/);

  // Login: validation, wrong password, then the right one.
  await hydrated(page);
  await page.getByLabel('Email').fill('nope');
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Wrong-Password-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).first()).toBeVisible();
  await expectToast(page, 'Invalid credentials');
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByLabel('Password').fill(password);
  const releaseSignIn = await holdRequests(page, '**/api/v1/auth/sign-in');
  const signIn = page.waitForRequest((r) => r.url().endsWith('/api/v1/auth/sign-in') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  expect((await signIn).postDataJSON()).toMatchObject({ email, deviceToken });
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  releaseSignIn();
  await expect(page).toHaveURL(/\/userdashboard$/);
  await expectToast(page, 'Signed in successfully');
  // The login page was replaced in the history: going back leads into the app (the dashboard the code
  // page went to), not to /login. (The sign-out made one navigation: the page's guard, seeing the session
  // end, no longer starts a second one that replaced the dashboard's entry with /login.)
  await page.goBack();
  await expect(page).toHaveURL(/\/userdashboard$/);
  await expect(page.getByRole('heading', { name: /^Welcome, / })).toBeVisible();
});

test('signup with a taken e-mail shows the spec toast', async ({ page, baseURL }) => {
  const taken = await createAccount(baseURL!, 'taken');
  await page.goto('/Signup');
  await hydrated(page);
  await page.getByLabel('Full name').fill('Second Person');
  await page.getByLabel('Email').fill(taken.email);
  await page.getByLabel('Password').fill('Another-Pass-9');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectToast(page, 'Enter a Vaild Email');
  await expect(page).toHaveURL(/\/Signup/);
});

test('the code boxes: paste fills in order, Backspace in an empty box goes back', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, 'boxes');
  await useToken(page, account.token);
  await page.goto('/email-verify');
  const box = (n: number) => page.getByLabel(`Digit ${n} of 6`);
  await expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(box(1)).toHaveAttribute('inputmode', 'numeric');
  await box(1).focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text', '98 76 54 32');
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  for (const [i, d] of ['9', '8', '7', '6', '5', '4'].entries()) await expect(box(i + 1)).toHaveValue(d);
  await expect(box(6)).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(box(6)).toHaveValue('');
  await page.keyboard.press('Backspace');
  await expect(box(5)).toBeFocused();
  // Retyping the digit a box already holds still moves on.
  await box(1).focus();
  await page.keyboard.type('9');
  await expect(box(2)).toBeFocused();
  await page.keyboard.type('1');
  await expect(box(2)).toHaveValue('1');
  await expect(box(3)).toBeFocused();
});

test('a wrong code still goes to the dashboard, with the server message', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, 'wrongcode');
  await useToken(page, account.token);
  await page.goto('/userdashboard');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('link', { name: 'Verify Account' }).click();
  await expect(page).toHaveURL(/\/email-verify$/);
  await page.getByLabel('Digit 1 of 6').focus();
  await page.keyboard.type('000000');
  await page.getByRole('button', { name: 'verify Email' }).click();
  await expect(page).toHaveURL(/\/userdashboard$/);
  await expect(page.locator('.Toastify__toast--error')).toBeVisible();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('link', { name: 'Verify Account' })).toBeVisible();
});

test('the avatar menu works from the keyboard', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, 'keys');
  await useToken(page, account.token);
  await page.goto('/userdashboard');
  const avatar = page.getByRole('button', { name: /Account menu/ });
  await avatar.focus();
  await page.keyboard.press('Enter');
  await expect(avatar).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Verify Account' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(avatar).toHaveAttribute('aria-expanded', 'false');
  await expect(avatar).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.locator('#account-menu').getByRole('link', { name: 'Account settings' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(avatar).toHaveAttribute('aria-expanded', 'false');
});

test('the dashboard asks an unverified user to verify, with a button that mails the code', async ({
  page,
  baseURL,
}) => {
  const account = await createAccount(baseURL!, 'prompt');
  await useToken(page, account.token);
  await page.goto('/userdashboard');
  const prompt = page.getByRole('region', { name: 'Your e-mail address is not verified yet' });
  await expect(prompt).toBeVisible();
  const asked = Date.now();
  await prompt.getByRole('button', { name: 'Verify Account' }).click();
  await expect(page).toHaveURL(/\/email-verify$/);
  await expectToast(page, 'Verification code sent to your email');
  expect(await mailedCode(account.email, /Verify your e-mail/, asked - 1000)).toMatch(/^\S{6}$/);
});

test('admins find the admin area from the avatar menu and the dashboard; others do not', async ({ page, baseURL }) => {
  await useToken(page, await signInAs(baseURL!, ADMIN.email, ADMIN.password));
  await page.goto('/userdashboard');
  await expect(page.getByRole('main').getByRole('link', { name: 'Admin area' })).toHaveAttribute('href', '/admin');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.locator('#account-menu').getByRole('link', { name: 'Admin area' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByText('Welcome to the Admin Dashboard')).toBeVisible();

  const user = await createAccount(baseURL!, 'not-admin');
  await useToken(page, user.token);
  await page.goto('/userdashboard');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.locator('#account-menu').getByRole('link', { name: 'Account settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin area' })).toHaveCount(0);
});

test('a device signed out from another one lands on /login, told so', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, 'ended');
  await useToken(page, account.token);
  await page.goto('/userdashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${account.name}` })).toBeVisible();
  // Another device signs in and ends every session of the account.
  const other = await signInAs(baseURL!, account.email, account.password);
  const res = await fetch(`${baseURL}/api/v1/auth/sign-out`, {
    method: 'POST',
    headers: { authorization: `Bearer ${other}`, 'content-type': 'application/json' },
    body: JSON.stringify({ scope: 'global' }),
  });
  expect(res.status).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'You were signed out on this device. Sign in again to continue.');
});
