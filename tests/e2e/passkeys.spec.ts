// Passkeys in Chromium with the DevTools virtual authenticator (CTAP2, built in, resident keys, user
// verification): add one on /account after the step-up (the code mailed to the account, typed into the
// OTP boxes that take the focus; a wrong one refused, Cancel returning the focus), log out, sign in with it from /login (the button, and the e-mail
// field's autofill), remove it and see the sign-in refused. Keyboard only (focus and keys, no clicks),
// axe-clean. The site runs at http://localhost:PORT: browsers refuse WebAuthn on IP addresses.
import type { CDPSession, Page } from '@playwright/test';
import { createVerifiedAccount, useToken } from './fixtures/accounts.ts';
import { expectAxeClean } from './fixtures/axe.ts';
import { expect, expectToast, hydrated, mailedCode, test } from './fixtures/test.ts';
import { afterIdle } from './fixtures/idle.ts';

const ADD_FACTOR = /^Confirm adding a sign-in method/;

async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const credentials = async (cdp: CDPSession, authenticatorId: string) =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

/** Presses Enter on the control, reached by focus: what a keyboard user does, without the mouse. */
async function press(page: Page, name: string | RegExp, key = 'Enter') {
  const control = page.getByRole('button', { name, exact: typeof name === 'string' });
  await control.focus();
  await expect(control).toBeFocused();
  await page.keyboard.press(key);
}

/**
 * Logs out (the site then shows /login). The virtual authenticator answers the login page's autofill
 * request at once, as a user picking the passkey from the e-mail field would; `autofill: false` makes
 * this tab's browser say it has no passkey autofill, so that only the button can sign in.
 */
async function logOut(page: Page, { autofill }: { autofill: boolean }) {
  await page.evaluate(
    ([key, off]) => {
      if (off) sessionStorage.setItem(key, '1');
      else sessionStorage.removeItem(key);
    },
    [NO_AUTOFILL, !autofill] as const,
  );
  await press(page, /Account menu/);
  await press(page, 'Log out');
}

const NO_AUTOFILL = 'e2e-no-passkey-autofill';

test('add a passkey, log out, sign in with it (button and autofill), remove it and see the sign-in refused', async ({
  page,
  baseURL,
}) => {
  // One long journey through three pages and many calls: a generous bound for a busy machine.
  test.setTimeout(180_000);
  expect(new URL(baseURL!).hostname).toBe('localhost');
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await page.addInitScript((key) => {
    if (sessionStorage.getItem(key)) PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  }, NO_AUTOFILL);
  const acc = await createVerifiedAccount(baseURL!, 'passkey');
  await useToken(page, acc.token);
  await page.goto('/account#passkeys');
  await hydrated(page);
  const panel = page.locator('#passkeys');
  await expect(panel.getByText('No passkeys yet.')).toBeVisible();

  // The password session is asked for the code mailed to the account: its boxes take the focus.
  const asked = Date.now();
  await press(page, 'Add a passkey');
  const firstBox = page.locator('#passkey-step-up-0');
  await expect(firstBox).toBeFocused();
  await expect(panel.getByText('We e-mailed a 6-digit code to your address. Enter it to add a passkey.')).toBeVisible();
  await expectAxeClean(page);
  // Cancel gives the focus back to the button that opened it; opened again, the boxes wait for the same code.
  await press(page, 'Cancel');
  await expect(panel.getByRole('button', { name: 'Add a passkey' })).toBeFocused();
  await press(page, 'Add a passkey');
  await expect(firstBox).toBeFocused();
  expect(await credentials(cdp, authenticatorId)).toHaveLength(0);
  // A wrong code is refused next to the boxes; the mailed one adds the passkey.
  const code = await mailedCode(acc.email, ADD_FACTOR, asked);
  await page.keyboard.type(code === '000000' ? '111111' : '000000');
  await page.keyboard.press('Enter');
  await expect(panel.getByText('Invalid code')).toBeVisible();
  await firstBox.focus();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expectToast(page, 'Passkey added');
  const list = panel.getByRole('list', { name: 'Passkeys' });
  await expect(list.getByText(/^Chrom/)).toBeVisible();
  await expect(list).toContainText('Not used yet');
  const stored = await credentials(cdp, authenticatorId);
  expect(stored).toHaveLength(1);
  expect(stored[0]!.isResidentCredential).toBe(true);
  await expectAxeClean(page);

  // Rename it, by keyboard: the dialog's field takes the new name, Enter saves.
  await press(page, /^Rename passkey/);
  const name = page.getByLabel('Name', { exact: true }).last();
  await expect(name).toBeFocused();
  await name.fill('Work laptop');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Passkey renamed');
  await expect(list.getByText('Work laptop')).toBeVisible();

  // The button: the browser is asked at once and the session starts like a password sign-in's.
  await logOut(page, { autofill: false });
  await expect(page).toHaveURL(/\/login$/);
  await hydrated(page);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await expectAxeClean(page);
  await press(page, 'Sign in with a passkey');
  await expect(page).toHaveURL(/\/userdashboard$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  // The autofill: nothing pressed; the login page's waiting request is answered with the passkey.
  const autofilled = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/passkey') && r.status() === 200);
  await logOut(page, { autofill: true });
  await autofilled;
  await expect(page).toHaveURL(/\/userdashboard$/);

  // The list is drawn as it nears (its dates start the browser's ICU): opened at its top on a short
  // screen, /account leaves it undrawn until the visitor scrolls towards it.
  const screen = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 400 });
  await page.goto('/account');
  await hydrated(page);
  await afterIdle(page);
  const { y } = (await panel.boundingBox())!;
  expect(y, 'the panel starts more than two screens down').toBeGreaterThan(2 * 400);
  await expect(list).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  await expect(list.getByText('Work laptop')).toBeVisible();
  await page.setViewportSize(screen);

  await page.goto('/account#passkeys');
  await hydrated(page);
  await expect(list).not.toContainText('Not used yet');
  await press(page, 'Remove passkey Work laptop');
  await press(page, 'Remove');
  await expectToast(page, 'Passkey removed');
  await expect(panel.getByText('No passkeys yet.')).toBeVisible();

  // The authenticator still holds the key, but the site no longer knows it.
  await logOut(page, { autofill: false });
  await expect(page).toHaveURL(/\/login$/);
  await hydrated(page);
  expect(await credentials(cdp, authenticatorId)).toHaveLength(1);
  await press(page, 'Sign in with a passkey');
  await expectToast(page, 'This passkey could not be verified');
  await expect(page).toHaveURL(/\/login$/);
});
