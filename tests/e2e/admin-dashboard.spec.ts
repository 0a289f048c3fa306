// The admin dashboard, in Chromium with seeded data: its cards, and its charts over 30 and 90 days with
// their tables and keys; and the admin's code (its API calls, the charts' uPlot) never loading on public pages.
import { randomUUID } from 'node:crypto';
import { createAccount } from './fixtures/accounts.ts';
import { adminApi, asAdmin, sendEnquiry } from './fixtures/admin.ts';
import { expect, test } from './fixtures/test.ts';

test('dashboard: cards and charts over 30 and 90 days with seeded data, table and keys', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const tag = `ch${randomUUID().slice(0, 6)}`;
  for (let i = 0; i < 3; i++)
    await sendEnquiry(baseURL!, { name: `${tag} ${i}`, email: `${tag}-${i}@e2e.example.com` });
  await createAccount(baseURL!, tag);
  await asAdmin(page, baseURL!);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Welcome to the Admin Dashboard' })).toBeVisible();
  const cardValue = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(cardValue('Enquiries this week')).toHaveText(/^\d+$/);
  expect(Number(await cardValue('Enquiries this week').textContent())).toBeGreaterThanOrEqual(3);
  expect(Number(await cardValue('New users this week').textContent())).toBeGreaterThanOrEqual(1);
  await expect(cardValue('Verified users')).toHaveText(/^\d+%$/);

  const enquiries = page.getByRole('figure').filter({ hasText: 'Enquiries per day, last 30 days' });
  await expect(enquiries.locator('canvas').first()).toBeVisible();
  await enquiries.getByRole('button', { name: 'Show table' }).click();
  const table = enquiries.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(31);
  const today = await table.getByRole('row').last().getByRole('cell').textContent();
  expect(Number(today)).toBeGreaterThanOrEqual(3);
  // What the API says for today is what the table shows (read after, so never fewer).
  const stats = await adminApi(baseURL!, '/v1/admin/stats?days=30');
  expect(stats.enquiries.at(-1).count).toBeGreaterThanOrEqual(Number(today));

  // Keys: End reads today's figure, Home the first day's.
  const plot = enquiries.getByRole('img');
  await plot.focus();
  await page.keyboard.press('End');
  await expect(enquiries.getByText(new RegExp(`Enquiries ${today}$`))).toBeVisible();
  await page.keyboard.press('Home');
  await expect(enquiries.locator('[aria-live="polite"]')).toContainText(/Enquiries \d+/);

  await page.getByRole('button', { name: 'Last 90 days' }).click();
  await expect(page.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute('aria-pressed', 'true');
  // The table stays open across the switch, now with 90 days.
  const long = page.getByRole('figure').filter({ hasText: 'Enquiries per day, last 90 days' });
  await expect(long.getByRole('table').getByRole('row')).toHaveCount(91);
  await expect(page.getByRole('figure').filter({ hasText: 'Signups per day, last 90 days' })).toBeVisible();
});

test('admin code never loads on public pages', async ({ page }) => {
  test.setTimeout(60_000);
  const scripts: string[] = [];
  page.on('response', async (res) => {
    if (/\.js(\?|$)/.test(res.url())) scripts.push(await res.text().catch(() => ''));
  });
  for (const path of [
    '/',
    '/projects',
    '/contact',
    '/policy/',
    '/TryNow',
    '/login',
    '/Signup',
    '/service-details/Automation',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.length).toBeGreaterThan(0);
  for (const code of scripts) {
    expect(code).not.toContain('v1/admin/');
    expect(code).not.toContain('uPlot');
  }
});
