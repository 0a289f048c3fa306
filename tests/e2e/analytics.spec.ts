// Consent-gated analytics in a real browser, the analytics endpoint watched through network interception:
// nothing before a choice, after 'Reject All' or 'Essential Only', or with Global Privacy Control on; one
// view per page after 'Accept All', stored by the server; nothing once the footer's 'Cookie settings'
// changes the choice to 'Essential Only'. Then the admin's Analytics view with its chart and tables.
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ANALYTICS_VIEW_PATH, COOKIE_CONSENT_KEY } from '../../src/lib/constants.ts';
import { ADMIN, chooseCookies, signInAs, useToken } from './fixtures/accounts.ts';
import { expect, hydrated, test } from './fixtures/test.ts';

// The server drops headless browsers as bots; these tests browse as a visitor's Chrome would.
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
test.use({ consent: null, userAgent: CHROME });

const PAGES = ['/', '/projects', '/policy/'];

/** Every analytics request the page makes, with its JSON body, let through to the real server. */
async function watchBeacons(page: Page) {
  const beacons: { path: string; referrer?: string }[] = [];
  await page.route(`**${ANALYTICS_VIEW_PATH}`, async (route) => {
    beacons.push(route.request().postDataJSON());
    await route.continue();
  });
  return beacons;
}

/** Loads a page and lets it settle: its scripts have run and the network is quiet. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

test('no view is sent before a choice', async ({ page }) => {
  const beacons = await watchBeacons(page);
  for (const path of PAGES) {
    await visit(page, path);
    await expect(banner(page)).toBeVisible();
  }
  expect(beacons).toEqual([]);
});

for (const label of ['Reject All', 'Essential Only']) {
  test(`no view is sent after '${label}'`, async ({ page }) => {
    const beacons = await watchBeacons(page);
    await visit(page, '/');
    await chooseCookies(page, label);
    for (const path of PAGES) await visit(page, path);
    expect(beacons).toEqual([]);
  });
}

for (const [signal, property] of [
  ['Global Privacy Control', 'globalPrivacyControl'],
  ['Do Not Track', 'doNotTrack'],
] as const) {
  test(`no view is sent with ${signal} on, even after 'Accept All'`, async ({ page }) => {
    await page.addInitScript((p) => {
      Object.defineProperty(Navigator.prototype, p, {
        get: () => (p === 'doNotTrack' ? '1' : true),
        configurable: true,
      });
    }, property);
    const beacons = await watchBeacons(page);
    await visit(page, '/');
    await chooseCookies(page, 'Accept All');
    for (const path of PAGES) await visit(page, path);
    expect(beacons).toEqual([]);
  });
}

test("one view per page after 'Accept All', none after 'Essential Only' through the footer's Cookie settings", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const campaign = `e2e-${randomUUID().slice(0, 8)}`;
  const beacons = await watchBeacons(page);
  await visit(page, '/');
  expect(beacons).toEqual([]);
  // Accepting counts the page it happens on.
  await chooseCookies(page, 'Accept All');
  await expect.poll(() => beacons.length).toBe(1);
  expect(beacons[0]).toEqual({ path: '/', referrer: '' });

  await visit(page, '/projects');
  await visit(page, `/policy/?utm_source=e2e&utm_campaign=${campaign}&secret=1`);
  await page.reload();
  await page.waitForLoadState('networkidle');
  // An in-page anchor is no new page view.
  await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Retention' }).click();
  await expect(page).toHaveURL(/#retention$/);
  await page.waitForLoadState('networkidle');
  expect(beacons.map((b) => b.path)).toEqual([
    '/',
    '/projects',
    `/policy/?utm_source=e2e&utm_campaign=${campaign}&secret=1`,
    `/policy/?utm_source=e2e&utm_campaign=${campaign}&secret=1`,
  ]);
  // Nothing of its own is kept in the browser: only the choice itself.
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([COOKIE_CONSENT_KEY]);
  expect(await page.context().cookies()).toEqual([]);

  // The server counted the campaign's two views (batched: within a second or so).
  const token = await signInAs(baseURL!, ADMIN.email, ADMIN.password);
  await expect
    .poll(async () => {
      const res = await fetch(`${baseURL}/api/v1/admin/analytics?days=30`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { top: { campaigns: { key: string; visits: number }[] } };
      return body.top.campaigns.find((c) => c.key === campaign)?.visits;
    })
    .toBe(2);

  // The footer's 'Cookie settings' brings the banner back with the current choice; 'Essential Only' stops the views.
  await visit(page, '/projects');
  expect(beacons).toHaveLength(5);
  await page.getByRole('button', { name: 'Cookie settings', exact: true }).click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('Your current choice: Accept All.');
  await chooseCookies(page, 'Essential Only');
  expect(await page.evaluate((k) => localStorage.getItem(k), COOKIE_CONSENT_KEY)).toBe('essential');
  for (const path of PAGES) await visit(page, path);
  await page.reload();
  await page.waitForLoadState('networkidle');
  expect(beacons).toHaveLength(5);
});

test("the footer's Cookie settings works with the keyboard and can accept again", async ({ page }) => {
  const beacons = await watchBeacons(page);
  await visit(page, '/projects');
  await chooseCookies(page, 'Reject All');
  const settings = page.getByRole('button', { name: 'Cookie settings', exact: true });
  await settings.focus();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toBeFocused();
  await expect(banner(page)).toContainText('Your current choice: Reject All.');
  await banner(page).getByRole('button', { name: 'Accept All' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeHidden();
  // A changed choice counts at once: this page is counted now.
  await expect.poll(() => beacons.map((b) => b.path)).toEqual(['/projects']);
});

// The beacon shares the layout's one module with the page sheet's switch, the cookie banner's room and the
// banner's choice (a small file compresses worse alone): the module is held to 1.25 KB (1,142 bytes with
// the banner's choice, decision 167; under 1 KB before it).
test('the analytics script is under 1.25 KB gzipped with the layout module it is in, and loads nothing of its own beyond that', async ({
  request,
}) => {
  const html = await (await request.get('/policy/')).text();
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]!);
  const bodies = await Promise.all(scripts.map(async (src) => ({ src, text: await (await request.get(src)).text() })));
  const analytics = bodies.filter((b) => b.text.includes('globalPrivacyControl'));
  expect(analytics).toHaveLength(1);
  const bytes = gzipSync(analytics[0]!.text).byteLength;
  console.log(`analytics script: ${bytes} bytes gzipped`);
  expect(bytes).toBeLessThanOrEqual(1280);
  // What it imports (the shared constants) every page loads anyway, through its other scripts.
  const imports = [...analytics[0]!.text.matchAll(/from\s*"\.\/([^"]+)"/g)].map((m) => m[1]!);
  for (const name of imports) {
    expect(bodies.some((b) => b !== analytics[0] && b.text.includes(name))).toBe(true);
  }
});

test.describe('with analytics accepted', () => {
  test.use({ consent: 'accepted' });

  test('a page without islands of its own still loads no React, and sends only its page view', async ({ page }) => {
    const beacons = await watchBeacons(page);
    const scripts: string[] = [];
    const api: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.resourceType() === 'script') scripts.push(url.pathname);
      if (url.pathname.startsWith('/api/')) api.push(`${r.method()} ${url.pathname}`);
    });
    await visit(page, '/policy/');
    const renderers = await page
      .locator('astro-island')
      .evaluateAll((els) => els.map((e) => e.getAttribute('renderer-url')));
    expect(renderers.length).toBeGreaterThan(0);
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState('networkidle');
    for (const r of renderers) expect(scripts).not.toContain(r);
    expect(api).toEqual([`POST ${ANALYTICS_VIEW_PATH}`]);
    expect(beacons).toEqual([{ path: '/policy/', referrer: '' }]);
  });
});

test.describe('the Analytics view of the admin area', () => {
  test.use({ consent: 'essential' });

  test('shows the period chosen: cards, a keyboard-readable chart with a table, and the top lists', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const campaign = `admin-${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${baseURL}${ANALYTICS_VIEW_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': CHROME },
        body: JSON.stringify({ path: `/policy?utm_campaign=${campaign}`, referrer: 'https://search.example/' }),
      });
      expect(res.status).toBe(202);
    }
    await useToken(page, await signInAs(baseURL!, ADMIN.email, ADMIN.password));
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click();
    await expect(page).toHaveURL(/\/admin\/analytics$/);
    await expect(page.getByRole('heading', { name: 'Analytics', exact: true })).toBeVisible();

    // The seeded views reach the report within the batch interval: reload until they do.
    const campaigns = page.getByRole('region', { name: 'UTM campaigns' });
    await expect(async () => {
      await page.reload();
      await expect(campaigns.getByRole('row', { name: new RegExp(campaign) })).toBeVisible({ timeout: 2000 });
    }).toPass();
    await expect(campaigns.getByRole('row', { name: new RegExp(campaign) })).toContainText('3');
    await expect(page.getByRole('region', { name: 'Top referrers' })).toContainText('search.example');
    await expect(page.getByText('Contact conversion rate')).toBeVisible();

    const chart = page.getByRole('img', { name: /Visits and unique visitors per day/ });
    await expect(chart.locator('canvas').first()).toBeVisible();
    await chart.focus();
    const readout = page.getByText(/: Visits \d+, Unique visitors \d+$/);
    const today = new Date().toLocaleDateString('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(readout).toHaveText(new RegExp(`^${today}: Visits [1-9]`));
    await page.keyboard.press('Home');
    await expect(readout).not.toHaveText(new RegExp(`^${today}`));

    await page.getByRole('button', { name: 'Show table' }).click();
    const table = page.getByRole('table', { name: /Visits and unique visitors per day/ });
    await expect(table.getByRole('row')).toHaveCount(31);
    await page.getByRole('button', { name: 'Last 90 days' }).click();
    // The table stays open across the switch, now with 90 days.
    await expect(table.getByRole('row')).toHaveCount(91);

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
