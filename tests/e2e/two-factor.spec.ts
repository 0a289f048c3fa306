// Two-factor authentication in Chromium: set up on /account after the step-up (the code mailed to the
// account, typed into the OTP boxes that take the focus), the QR code drawn in the page, the key shown
// for typing in, confirmed with a code computed here, recovery codes shown once and downloadable), then
// sign in with a code pasted into the OTP boxes and with a recovery code; keyboard only, axe-clean.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { stepAt, totpCode } from '../helpers/totp.ts';
import { createVerifiedAccount, useToken } from './fixtures/accounts.ts';
import { expectAxeClean } from './fixtures/axe.ts';
import { expect, expectToast, hydrated, mailedCode, test } from './fixtures/test.ts';

/** A code the server takes now and has not taken before: one step ahead (it allows one either side). */
const nextCode = (secret: string) => totpCode(secret, stepAt(new Date()) + 1);

/** Leaves the page for one with no guard, then drops the session: a signed-in page whose token goes
 * mid-request sends itself to /login, and that navigation would abort the test's next page.goto. */
async function forgetSession(page: Page) {
  await page.goto('/policy/');
  await page.evaluate(() => localStorage.clear());
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
}

test('set up on /account, then sign in with a pasted code and with a recovery code', async ({ page, baseURL }) => {
  const acc = await createVerifiedAccount(baseURL!, 'two-factor');
  await useToken(page, acc.token);
  await page.goto('/account#two-factor');
  await hydrated(page);
  const panel = page.locator('#two-factor');
  const setUp = panel.getByRole('button', { name: 'Set up two-factor authentication' });
  const asked = Date.now();
  await setUp.focus();
  await page.keyboard.press('Enter');
  // The password session confirms with the code mailed to the account first.
  await expect(page.locator('#two-factor-step-up-0')).toBeFocused();
  await expectAxeClean(page);
  await page.keyboard.type(await mailedCode(acc.email, /^Confirm adding a sign-in method/, asked));
  await page.keyboard.press('Enter');
  await expect(page.locator('#two-factor-setup-code-0')).toBeFocused();
  await expect(panel.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await panel.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAxeClean(page);

  await page.locator('#two-factor-setup-code-0').focus();
  await page.keyboard.type(totpCode(secret, stepAt(new Date())));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Two-factor authentication is on');
  const codes = panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.allTextContents();
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download codes' }).focus();
  await page.keyboard.press('Enter');
  const file = await readFile(await (await download).path(), 'utf8');
  expect(file.trim().split('\n')).toEqual(recovery);
  await panel.getByRole('button', { name: 'I have saved them' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByText('Two-factor authentication is on. 10 of 10 recovery codes left.')).toBeVisible();

  // A fresh browser signs in: the password, then a code pasted into the first box fills all six.
  await forgetSession(page);
  await passwordStep(page, acc.email, acc.password);
  await expectAxeClean(page);
  const first = page.locator('#two-factor-code-0');
  await first.focus();
  await first.evaluate((box, code) => {
    const data = new DataTransfer();
    data.setData('text', code);
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, nextCode(secret));
  await expect(page.locator('#two-factor-code-5')).not.toHaveValue('');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/userdashboard$/);

  await forgetSession(page);
  await passwordStep(page, acc.email, acc.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Recovery code').fill('wrong-codes');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Invalid code')).toBeVisible();
  await page.getByLabel('Recovery code').fill(recovery[0]!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/userdashboard$/);
});
