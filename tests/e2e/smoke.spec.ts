import { test, expect } from '@playwright/test';

test('the landing page is served', async ({ page }) => {
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/.+/);
});
