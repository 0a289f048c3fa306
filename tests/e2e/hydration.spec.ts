// Islands that hydrate on the visitor's first interaction (client:interaction, client:interaction="consent"):
// their prebuilt markup works before React arrives, and the first click, key or typed text counts.
// React's renderer is held back here until the test lets it go, so the visitor is faster than hydration.
import type { Page } from '@playwright/test';
import { createAccount } from './fixtures/accounts.ts';
import { expect, expectToast, hydrated, test } from './fixtures/test.ts';
import { ANALYTICS_VIEW_PATH, COOKIE_CONSENT_KEY } from '../../src/lib/constants.ts';
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

  test('a choice clicked while React loads for the settings is made at once, without it', async ({ page }) => {
    const react = await holdReact(page);
    await page.goto('/');
    // Found by its component: once React has it, a banner with a choice stored is no longer rendered.
    const url = await page.locator('astro-island:has(.cookie-banner)').getAttribute('component-url');
    const island = page.locator(`astro-island[component-url="${url}"]`);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await afterIdle(page);
    expect(react.asked()).toBe(false);
    // 'Cookie Settings' needs React: the click is held while it loads.
    await banner.getByRole('button', { name: 'Cookie Settings' }).click();
    await expect.poll(react.asked).toBe(true); // the request reaches the route a moment after the event
    await expect(island).toHaveAttribute('ssr'); // still the prebuilt markup
    // The visitor does not wait for it: the prebuilt banner's own script makes the choice.
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate((k) => localStorage.getItem(k), COOKIE_CONSENT_KEY)).toBe('accepted');
    await expect(island).toHaveAttribute('ssr');
    react.release();
    await expect(island).not.toHaveAttribute('ssr');
    await expect(banner).toBeHidden(); // React, once in, keeps the choice
    expect(await page.evaluate((k) => localStorage.getItem(k), COOKIE_CONSENT_KEY)).toBe('accepted');
  });

  // The first thing a new visitor does, in both languages, by pointer and by keyboard: no React for it.
  for (const { path, accept, reject } of [
    { path: '/', accept: 'Accept All', reject: 'Reject All' },
    { path: '/hi/', accept: 'सभी स्वीकार करें', reject: 'सभी अस्वीकार करें' },
  ]) {
    for (const [label, stored, by] of [
      [accept, 'accepted', 'click'],
      [reject, 'rejected', 'keyboard'],
    ] as const) {
      test(`${path}: '${label}' (${by}) on a first visit is stored and hides the banner, with no React fetched`, async ({
        page,
      }) => {
        const react = await holdReact(page); // never released: the choice must not need it
        const scripts: string[] = [];
        page.on('request', (r) => {
          if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
        });
        const views: string[] = [];
        page.on('request', (r) => {
          if (r.url().endsWith(ANALYTICS_VIEW_PATH)) views.push(r.method());
        });
        await page.goto(path);
        const island = page.locator('astro-island:has(.cookie-banner)');
        const banner = island.locator('section.cookie-banner');
        const reactFiles = [await island.getAttribute('renderer-url'), await island.getAttribute('component-url')].map(
          (url) => new URL(url!, page.url()).pathname,
        );
        await afterIdle(page);
        const choice = banner.getByRole('button', { name: label, exact: true });
        if (by === 'click') await choice.click();
        else {
          await choice.focus();
          await page.keyboard.press('Enter');
        }
        await expect(banner).toBeHidden();
        expect(await page.evaluate((k) => localStorage.getItem(k), COOKIE_CONSENT_KEY)).toBe(stored);
        // Focus went on to a control after the banner (it comes before the page: the page's first), shown,
        // never to <body>.
        const focused = page.locator(':focus');
        await expect(focused).toHaveCount(1);
        await expect(focused).toBeVisible();
        expect(
          await focused.evaluate((el) => {
            const gone = document.querySelector('.cookie-banner')!;
            return (
              el.matches('a[href], button') &&
              !gone.contains(el) &&
              (gone.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
            );
          }),
        ).toBe(true);
        // The consented scripts start as the choice is made: Accept All counts this page's view.
        if (stored === 'accepted') await expect.poll(() => views).toEqual(['POST']);
        await afterIdle(page); // anything the choice asked for has been asked for by now
        expect(react.asked()).toBe(false);
        for (const file of reactFiles) expect(scripts).not.toContain(file);
        await expect(island).toHaveAttribute('ssr');
        if (stored === 'rejected') expect(views).toEqual([]);
      });
    }
  }

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

test('a sign-in whose form schemas cannot be fetched says the server is out of reach; once they download, two quick clicks sign in once', async ({
  page,
  baseURL,
}) => {
  const account = await createAccount(baseURL!, 'schemas-offline');
  // The forms' zod schemas are a lazy module of their own (src/lib/schemas/auth.ts): first out of reach,
  // then held until the test lets it go.
  let mode: 'offline' | 'held' = 'offline';
  let aborted = 0;
  let asked = 0;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/auth\.[\w-]+\.js$/, async (route) => {
    asked++;
    if (mode === 'offline') {
      aborted++;
      return route.abort('internetdisconnected');
    }
    await gate;
    return route.continue();
  });
  const signIns: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/v1/auth/sign-in') signIns.push(req.url());
  });
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await signIn.click();
  await expectToast(page, 'Could not reach the server');
  expect(aborted).toBeGreaterThan(0);
  expect(page.url()).toMatch(/\/login\/?$/);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  expect(signIns).toHaveLength(0);

  mode = 'held';
  const askedBefore = asked;
  await signIn.click();
  await expect.poll(() => asked).toBeGreaterThan(askedBefore); // the first click awaits the module
  await signIn.click();
  release();
  await expect(page).toHaveURL(/\/userdashboard\/?$/);
  // Both clicks' sign-ins would have left together, when the module came in.
  expect(signIns).toHaveLength(1);
});
