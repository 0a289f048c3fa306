// Islands that hydrate on the visitor's first interaction (client:interaction, client:interaction="consent"):
// their prebuilt markup works before React arrives, and the first click, key or typed text counts.
// React's renderer is held back here until the test lets it go, so the visitor is faster than hydration.
import type { Page } from '@playwright/test';
import { createAccount } from './fixtures/accounts.ts';
import { expect, expectToast, hydrated, test } from './fixtures/test.ts';
import { COOKIE_CONSENT_KEY } from '../../src/lib/constants.ts';
import { afterIdle } from './fixtures/idle.ts';

/** Holds React's renderer module (every island needs it) until `release()`; `asked()` says if it was requested. */
async function holdReact(page: Page) {
  let asked = false;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/client\.[\w-]+\.js$/, async (route) => {
    asked = true;
    await gate;
    await route.continue();
  });
  return { asked: () => asked, release };
}

test.describe('the cookie banner, before any choice', () => {
  test.use({ consent: null });

  test('the first click on a choice counts, though React was not there yet', async ({ page }) => {
    const react = await holdReact(page);
    await page.goto('/');
    const island = page.locator('astro-island:has(.cookie-banner)');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await afterIdle(page);
    expect(react.asked()).toBe(false);
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect.poll(react.asked).toBe(true); // the request reaches the route a moment after the event
    await expect(island).toHaveAttribute('ssr'); // still the prebuilt markup
    await expect(banner).toBeVisible();
    react.release();
    await expect(banner).toBeHidden();
    expect(await page.evaluate((k) => localStorage.getItem(k), COOKIE_CONSENT_KEY)).toBe('accepted');
  });

  test('a key press on a focused choice counts too', async ({ page }) => {
    const react = await holdReact(page);
    await page.goto('/projects');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    // Tab from the top of the page: the skip link, then the banner's policy link, then its buttons.
    const settings = banner.getByRole('button', { name: 'Cookie Settings' });
    for (let i = 0; i < 10 && !(await settings.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(settings).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('astro-island:has(.cookie-banner)')).toHaveAttribute('ssr');
    react.release();
    await expect(settings).toHaveAttribute('aria-expanded', 'true');
    await expect(banner.getByRole('heading', { name: 'Marketing' })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // Reject All
    await expect(banner).toBeHidden();
    expect(await page.evaluate((k) => localStorage.getItem(k), COOKIE_CONSENT_KEY)).toBe('rejected');
  });

  test('the privacy policy link in the banner is an ordinary link', async ({ page }) => {
    await holdReact(page); // never released: the link must work without React
    await page.goto('/');
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('link', { name: 'privacy policy' }).click();
    await expect(page).toHaveURL(/\/policy\/$/);
  });
});

test('the landing contact form keeps what is typed before it hydrates', async ({ page }) => {
  const react = await holdReact(page);
  await page.goto('/');
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await afterIdle(page);
  expect(react.asked()).toBe(false); // seen is not enough: it waits for the visitor
  await page.getByLabel('Name', { exact: true }).pressSequentially('Early Typist');
  await expect.poll(react.asked).toBe(true); // the request reaches the route a moment after the event
  await expect(page.getByText('Check question: it appears as you type')).toBeVisible();
  react.release();
  await expect(page.getByText(/^What is \d+ \+ \d+\?$/)).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Early Typist');
});

test('a sign-in sent before the form hydrates is held, then made, and never leaks into the URL', async ({
  page,
  baseURL,
}) => {
  const account = await createAccount(baseURL!, 'early');
  const react = await holdReact(page);
  await page.goto('/login');
  const island = page.locator('astro-island[client="interaction"]:has(form)');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(island).toHaveAttribute('ssr');
  expect(page.url()).toMatch(/\/login\/?$/);
  react.release();
  await expect(page).toHaveURL(/\/userdashboard\/?$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.name}` })).toBeVisible();
});

test('a sign-in whose form schemas cannot be fetched says the server is out of reach, and goes through once they can', async ({
  page,
  baseURL,
}) => {
  const account = await createAccount(baseURL!, 'schemas-offline');
  // The forms' zod schemas are a lazy module of their own (src/lib/schemas/auth.ts).
  let offline = true;
  let aborted = 0;
  await page.route(/\/_astro\/auth\.[\w-]+\.js$/, (route) => {
    if (!offline) return route.continue();
    aborted++;
    return route.abort('internetdisconnected');
  });
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectToast(page, 'Could not reach the server');
  expect(aborted).toBeGreaterThan(0);
  expect(page.url()).toMatch(/\/login\/?$/);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);

  offline = false;
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/userdashboard\/?$/);
});
