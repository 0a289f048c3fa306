// axe-core on every page, signed out and signed in (as an admin, who can open every page), and on the
// islands' open states: cookie banner and settings, avatar menu, confirmation dialog, OTP step, toasts.
// Pages are judged with reduced motion (sections shown, marquee still) by tests/e2e/fixtures/axe.ts.
import { ADMIN, createAccount, signInAs, useToken } from './fixtures/accounts.ts';
import { expect, expectToast, hydrated, test } from './fixtures/test.ts';
import { expectAxeClean } from './fixtures/axe.ts';
import { ACCOUNT, PUBLIC } from './fixtures/pages.ts';
import { localePath } from '../../src/i18n/locales.ts';
import { SITE } from '../../src/i18n/hi/site.ts';

const SIGNED_IN = [
  '/userdashboard',
  '/email-verify',
  '/admin',
  '/admin/addwebsite',
  '/admin/adminusers',
  '/admin/contactdetails',
  '/admin/bookings',
  '/admin/userdashboard',
  '/admin/trash',
  '/admin/activity',
  '/admin/analytics',
];

test.use({ reducedMotion: 'reduce' });
// axe over a whole page is slow on a loaded machine; the bound is generous, not a measurement.
test.describe.configure({ timeout: 90_000 });

// Both colour schemes, each as the visitor's system setting (the page follows it unless a choice is stored).
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} scheme, signed out, cookie banner open`, () => {
    test.use({ consent: null, colorScheme });
    for (const path of [...PUBLIC, ...ACCOUNT]) {
      test(`axe: ${path}`, async ({ page }) => {
        await page.goto(path);
        await hydrated(page);
        const banner = page.getByRole('region', { name: 'Cookie consent' });
        await expect(banner).toBeVisible();
        await banner.getByRole('button', { name: 'Cookie Settings' }).click();
        await expectAxeClean(page);
      });
    }
  });

  test.describe(`${colorScheme} scheme, Hindi pages, signed out, cookie banner open`, () => {
    test.use({ consent: null, colorScheme });
    for (const path of [...PUBLIC, ...ACCOUNT].map((p) => localePath(p, 'hi'))) {
      test(`axe: ${path}`, async ({ page }) => {
        await page.goto(path);
        await hydrated(page);
        const banner = page.getByRole('region', { name: SITE['Cookie consent']! });
        await expect(banner).toBeVisible();
        await banner.getByRole('button', { name: SITE['Cookie Settings']! }).click();
        await expectAxeClean(page);
      });
    }
  });

  test.describe(`${colorScheme} scheme, signed in as an admin`, () => {
    test.use({ colorScheme });
    test.beforeEach(async ({ page, baseURL }) => {
      await useToken(page, await signInAs(baseURL!, ADMIN.email, ADMIN.password));
    });
    for (const path of [...PUBLIC, '/forgot-password', ...SIGNED_IN.filter((p) => p !== '/email-verify')]) {
      test(`axe: ${path}`, async ({ page }) => {
        await page.goto(path);
        await hydrated(page);
        if (path.startsWith('/admin') || path === '/userdashboard') {
          // An admin view's code arrives after the shell: judged once its page has its heading.
          await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
          await page.getByRole('button', { name: /Account menu/ }).click();
          await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
        }
        await expectAxeClean(page);
      });
    }
  });
}

test.describe('signed in as an admin', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await useToken(page, await signInAs(baseURL!, ADMIN.email, ADMIN.password));
  });

  test('axe: the delete confirmation dialog', async ({ page }) => {
    await page.goto('/admin/adminusers');
    await page.getByLabel('Search users').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: `Delete ${ADMIN.email}` }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAxeClean(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test('axe: /email-verify for an unverified user, and a toast on screen', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, 'axe');
  await useToken(page, account.token);
  await page.goto('/email-verify');
  await expect(page.getByLabel('Digit 1 of 6')).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expectToast(page, 'Verification code sent to your email');
  await expectAxeClean(page);
});

test('axe: the forgot-password code step with an error', async ({ page }) => {
  await page.goto('/forgot-password');
  await hydrated(page);
  await page.getByLabel('Email').fill('nobody@e2e.example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('OTP must be 6 digits')).toBeVisible();
  await expectToast(page, 'Invalid OTP');
  await expectAxeClean(page);
});
