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

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the first screen shows the hero's primary button above the open banner, with the banner's texts", async ({
    page,
  }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    for (const text of ['We use cookies', 'Reject All', 'Essential Only', 'Accept All', 'Cookie Settings'])
      await expect(banner.getByText(text, { exact: true })).toBeVisible();
    const primary = page.locator('#home').getByRole('link', { name: 'Start Free Trial' });
    await expect(primary).toBeInViewport({ ratio: 1 });
    const button = (await primary.boundingBox())!;
    const bannerBox = (await banner.boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(bannerBox.y);
  });
});
