// The colour scheme: the system's by default, the header switch's choice remembered on the device, no first
// frame in the other scheme, and text readable in both (axe's colour-contrast rule, WCAG AA 4.5:1; the
// whole-page axe runs of a11y.spec.ts cover every page in both schemes too).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { THEME_KEY } from '../../src/lib/constants.ts';
import { ADMIN, signInAs, useToken } from './fixtures/accounts.ts';
import { ACCOUNT, PUBLIC } from './fixtures/pages.ts';
import { expect, hydrated, test } from './fixtures/test.ts';

test.use({ reducedMotion: 'reduce' });
test.describe.configure({ timeout: 90_000 });

/** WCAG relative luminance of a computed `rgb(...)` or `oklch(...)` colour, read through a canvas. */
async function luminance(page: Page, selector: string, property: 'color' | 'background-color') {
  return page.evaluate(
    ([sel, prop]) => {
      const value = getComputedStyle(document.querySelector(sel!)!).getPropertyValue(prop!);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.fillStyle = value;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b] = [...ctx.getImageData(0, 0, 1, 1).data].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    },
    [selector, property],
  );
}
const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} system scheme`, () => {
    test.use({ colorScheme });

    test('the footer has contrast of at least 4.5:1 on every page', async ({ page, baseURL }) => {
      for (const path of [...PUBLIC, ...ACCOUNT, '/userdashboard']) {
        // The dashboard last: once signed in, the sign-in pages would send us there.
        if (path === '/userdashboard') await useToken(page, await signInAs(baseURL!, ADMIN.email, ADMIN.password));
        await page.goto(path);
        // The site's footer (a blog post has a footer of its own too).
        await expect(page.getByRole('contentinfo')).toBeVisible();
        const results = await new AxeBuilder({ page }).include('body > footer').withRules(['color-contrast']).analyze();
        expect(results.passes.length + results.violations.length, path).toBeGreaterThan(0);
        expect(
          results.violations.flatMap((v) => v.nodes.map((n) => `${path} ${n.target.join(' ')}: ${n.failureSummary}`)),
        ).toEqual([]);
      }
    });

    for (const path of ['/', '/login', '/blog/', '/admin/analytics']) {
      test(`${path} is drawn in the ${colorScheme} scheme, its headings readable`, async ({ page, baseURL }) => {
        if (path.startsWith('/admin')) await useToken(page, await signInAs(baseURL!, ADMIN.email, ADMIN.password));
        await page.goto(path);
        await hydrated(page);
        const heading = path === '/login' ? 'main h1, h1' : 'h1';
        await expect(page.locator(heading).first()).toBeVisible();
        const bg = await luminance(page, 'body', 'background-color');
        const text = await luminance(page, heading, 'color');
        // A light page is near white, a dark one near the slate-900 of the palette.
        if (colorScheme === 'light') expect(bg).toBeGreaterThan(0.9);
        else expect(bg).toBeLessThan(0.05);
        expect(ratio(bg, text)).toBeGreaterThanOrEqual(4.5);
      });
    }

    test('the first frame is already in the scheme (system, then a stored opposite choice)', async ({ page }) => {
      const opposite = colorScheme === 'light' ? 'dark' : 'light';
      // Read just before the first frame is drawn: the first animation frame's callback, set before any
      // of the page's own scripts run.
      await page.addInitScript(() => {
        requestAnimationFrame(() => {
          const w = window as unknown as { firstFrame?: { scheme: string; body: string | null } };
          w.firstFrame = {
            scheme: getComputedStyle(document.documentElement).colorScheme,
            body: document.body ? getComputedStyle(document.body).backgroundColor : null,
          };
        });
      });
      const firstFrame = () =>
        page
          .waitForFunction(() => (window as unknown as { firstFrame?: unknown }).firstFrame)
          .then((h) => h.jsonValue());

      await page.goto('/');
      const system = (await firstFrame()) as { scheme: string; body: string | null };
      const settled = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(system.scheme).toBe('light dark');
      if (system.body) expect(system.body).toBe(settled);

      await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, opposite]);
      await page.reload();
      const stored = (await firstFrame()) as { scheme: string; body: string | null };
      expect(stored.scheme).toBe(opposite);
      const after = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(after).not.toBe(settled);
      if (stored.body) expect(stored.body).toBe(after);
    });
  });
}

test('the header switch: dark, remembered across pages and reloads, then back to the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const lightBg = await luminance(page, 'body', 'background-color');
  const scheme = page.getByRole('combobox', { name: 'Colour scheme' });
  await expect(scheme).toHaveValue('system');
  await scheme.selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await luminance(page, 'body', 'background-color')).toBeLessThan(lightBg);

  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('combobox', { name: 'Colour scheme' })).toHaveValue('dark');
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe('dark');

  await page.getByRole('combobox', { name: 'Colour scheme' }).selectOption('system');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBeNull();
  expect(await luminance(page, 'body', 'background-color')).toBe(lightBg);
});
