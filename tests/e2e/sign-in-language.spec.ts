// The account's language chooses where a sign-in lands, whatever the language of the sign-in page; a
// toast carried to the next page is shown there only in that page's language. Both languages, both ways.
import type { Page } from '@playwright/test';
import { FLASH_KEY } from '../../src/lib/constants.ts';
import { UI } from '../../src/i18n/hi/ui.ts';
import { type Locale, localePath } from '../../src/i18n/locales.ts';
import { uniqueEmail } from './fixtures/accounts.ts';
import { expect, expectToast, hydrated, test, toast } from './fixtures/test.ts';

const SIGNED_IN = 'Signed in successfully';
const SIGNED_OUT = 'Successfully logged out';
const words = (english: string, locale: Locale) => (locale === 'hi' ? UI[english]! : english);

/** An account made from a page in `locale` (the site's client sends the page's language), which it takes. */
async function accountIn(baseURL: string, locale: Locale) {
  const account = { name: 'Language Person', email: uniqueEmail(`lang-${locale}`), password: 'Correct-Horse-42' };
  const res = await fetch(`${baseURL}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': locale },
    body: JSON.stringify(account),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return account;
}

/** The flashed toasts have been taken by this page's toaster (shown, or dropped as another language's). */
async function flashesTaken(page: Page) {
  await page.waitForFunction((key) => sessionStorage.getItem(key) === null, FLASH_KEY);
}

async function signIn(page: Page, pageLocale: Locale, account: { email: string; password: string }) {
  await page.goto(localePath('/login', pageLocale));
  await hydrated(page);
  await page.locator('#email').fill(account.email);
  await page.locator('#password').fill(account.password);
  await page.locator('form button[type="submit"]').click();
}

for (const [accountLocale, pageLocale] of [
  ['hi', 'en'],
  ['en', 'hi'],
] as const) {
  test(`a ${accountLocale} account signing in on the ${pageLocale} /login lands on its own dashboard, with no toast in the other language`, async ({
    page,
    baseURL,
  }) => {
    const account = await accountIn(baseURL!, accountLocale);
    await signIn(page, pageLocale, account);
    await expect(page).toHaveURL((url) => url.pathname === localePath('/userdashboard', accountLocale));
    await expect(page.locator('html')).toHaveAttribute('lang', accountLocale);
    await flashesTaken(page);
    await expect(toast(page, words(SIGNED_IN, pageLocale))).toHaveCount(0);
  });
}

for (const locale of ['en', 'hi'] as const) {
  test(`a ${locale} account signs in and out on the ${locale} pages, each toast in their language`, async ({
    page,
    baseURL,
  }) => {
    const account = await accountIn(baseURL!, locale);
    await signIn(page, locale, account);
    await expect(page).toHaveURL((url) => url.pathname === localePath('/userdashboard', locale));
    await expectToast(page, words(SIGNED_IN, locale));
    await page
      .getByRole('button', { name: words('Account menu for {email}', locale).replace('{email}', account.email) })
      .click();
    await page.getByRole('button', { name: words('Log out', locale) }).click();
    await expect(page).toHaveURL((url) => url.pathname === localePath('/login', locale));
    await expectToast(page, words(SIGNED_OUT, locale));
  });
}
