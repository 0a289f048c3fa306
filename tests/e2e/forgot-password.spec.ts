// Forgot password: e-mail, the mailed code, a new password, then sign-in with it.
import { createAccount, signInAs } from './fixtures/accounts.ts';
import { expect, expectToast, holdRequests, hydrated, mailedCode, test } from './fixtures/test.ts';

test('reset with the mailed code, then sign in with the new password', async ({ page, baseURL }) => {
  test.slow();
  const account = await createAccount(baseURL!, 'reset');
  await page.goto('/forgot-password');
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');

  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  const asked = Date.now();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  // The server's answer (the same whether or not the account exists), then the spec's own words.
  await expectToast(page, 'If an account exists for that address, a code has been sent.');
  await expectToast(page, 'OTP sent to your email');
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();

  // An incomplete code is refused before anything is sent.
  await page.getByLabel('Digit 1 of 6').focus();
  await page.keyboard.type('12');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('OTP must be 6 digits')).toBeVisible();
  await expectToast(page, 'Invalid OTP');

  const code = await mailedCode(account.email, /Reset your password/, asked - 1000);
  await page.getByLabel('Digit 1 of 6').focus();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'OTP verified');
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to login' })).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveAttribute('autocomplete', 'new-password');

  await page.getByLabel('New password').fill('Brand-New-Pass-31');
  const release = await holdRequests(page, '**/api/v1/auth/reset-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Password reset successfully');

  await hydrated(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('Brand-New-Pass-31');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/userdashboard$/);
  // The old password no longer works.
  const old = await fetch(`${baseURL}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(old.status).toBe(401);
  expect(await signInAs(baseURL!, account.email, 'Brand-New-Pass-31')).toBeTruthy();
});

test('a wrong code: "Failed to reset password", and the way back to the code', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, 'resetbad');
  await page.goto('/forgot-password');
  await hydrated(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Digit 1 of 6').focus();
  await page.keyboard.type('000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('New password').fill('Brand-New-Pass-31');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectToast(page, 'Failed to reset password');
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Enter the code again' }).click();
  await expect(page.getByLabel('Digit 1 of 6')).toBeVisible();
});

test('the code request failing: "Failed to send OTP"', async ({ page }) => {
  await page.goto('/forgot-password');
  await hydrated(page);
  await page.route('**/api/v1/auth/reset-otp', (route) => route.abort('connectionrefused'));
  await page.getByLabel('Email').fill('someone@e2e.example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expectToast(page, 'Failed to send OTP');
  await expect(page.getByLabel('Email')).toBeVisible();
});
