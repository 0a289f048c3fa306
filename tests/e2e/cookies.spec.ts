// The cookie banner: each choice is stored and survives a reload; nothing third-party loads before it.
import { COOKIE_CONSENT_KEY } from '../../src/lib/constants.ts';
import { expect, hydrated, test } from './fixtures/test.ts';

test.use({ consent: null });

const choices = [
  ['Reject All', 'rejected'],
  ['Essential Only', 'essential'],
  ['Accept All', 'accepted'],
] as const;

for (const [label, stored] of choices) {
  test(`"${label}" stores ${stored} and the banner stays away after a reload`, async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: label }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate((k) => localStorage.getItem(k), COOKIE_CONSENT_KEY)).toBe(stored);
    await page.reload();
    await hydrated(page);
    await expect(banner).toBeHidden();
    await page.goto('/projects');
    await hydrated(page);
    await expect(banner).toBeHidden();
  });
}

test('Cookie Settings shows the Essential, Analytics and Marketing descriptions', async ({ page }) => {
  await page.goto('/contact');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  const toggle = banner.getByRole('button', { name: 'Cookie Settings' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Essential', 'Analytics', 'Marketing']) {
    await expect(banner.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await toggle.click();
  await expect(banner.getByRole('heading', { name: 'Analytics' })).toBeHidden();
});

test('before a choice, the page loads nothing from another origin', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!url.protocol.startsWith('data') && url.origin !== new URL(baseURL!).origin) foreign.push(req.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  expect(foreign).toEqual([]);
});
