// The admin workflow with the keyboard alone, and axe on its views and dialogs in their open states.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { ADMIN, createAccount, signInAs } from './fixtures/accounts.ts';
import { asAdmin, sendEnquiry } from './fixtures/admin.ts';
import { expect, expectToast, test } from './fixtures/test.ts';
import { expectAxeClean } from './fixtures/axe.ts';

/** Presses Tab until the target has focus (fails if it never does): how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('keyboard only: find an enquiry, change its status, reply, then reach the Trash', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const tag = `kb${randomUUID().slice(0, 6)}`;
  const email = `${tag}@e2e.example.com`;
  await sendEnquiry(baseURL!, { name: `${tag} Keys`, email });
  await asAdmin(page, baseURL!);
  await page.goto('/admin/contactdetails');

  await tabTo(page, page.getByLabel('Search enquiries'));
  await page.keyboard.type(tag);
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 enquiry found')).toBeVisible();

  const status = page.getByLabel('Status', { exact: true });
  await tabTo(page, status);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Status updated');
  await expect(status).toHaveValue('in-progress');

  const reply = page.getByRole('button', { name: `Reply by e-mail to ${email}` });
  await tabTo(page, reply);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Reply to ${tag} Keys` });
  await expect(dialog.getByLabel('Your reply')).toBeFocused();
  // Escape closes it and gives focus back to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(reply).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Your reply')).toBeFocused();
  await page.keyboard.type('Thank you, we will call you tomorrow.');
  await tabTo(page, dialog.getByRole('button', { name: 'Send reply' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Reply sent');
  await expect(status).toHaveValue('answered');

  await tabTo(page, page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Trash' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/trash$/);
});

test('keyboard only: open a user’s Update dialog, and read the charts', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const person = await createAccount(baseURL!, 'kbuser');
  await asAdmin(page, baseURL!);
  await page.goto('/admin/adminusers');
  await tabTo(page, page.getByLabel('Search users'));
  await page.keyboard.type(person.email);
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 user found')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: `Update ${person.email}` }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Update ${person.email}` });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await tabTo(page, dialog.getByLabel('E-mail verified'));
  await page.keyboard.press('Space');
  await tabTo(page, dialog.getByRole('button', { name: 'Save changes' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'User updated');
  await expect(page.getByRole('row').filter({ hasText: person.email }).getByText('Unverified')).toHaveCount(0);

  await page.goto('/admin');
  const figure = page.getByRole('figure').filter({ hasText: 'Signups per day, last 30 days' });
  await tabTo(page, figure.getByRole('img'));
  await page.keyboard.press('End');
  await expect(figure.locator('[aria-live="polite"]')).toContainText(/Signups \d+/);
  await tabTo(page, figure.getByRole('button', { name: 'Show table' }));
  await page.keyboard.press('Enter');
  await expect(figure.getByRole('table')).toBeVisible();
});

test.describe('axe', () => {
  // axe reads the whole page several times: slow on a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('the dashboard with its cards, charts and a chart table open', async ({ page, baseURL }) => {
    await asAdmin(page, baseURL!);
    await page.goto('/admin');
    await expect(page.getByRole('figure').first().locator('canvas').first()).toBeVisible();
    await page.getByRole('button', { name: 'Show table' }).first().click();
    await expectAxeClean(page);
  });

  test('the enquiries with the reply dialog open', async ({ page, baseURL }) => {
    const tag = `ax${randomUUID().slice(0, 6)}`;
    await sendEnquiry(baseURL!, { name: `${tag} Axe`, email: `${tag}@e2e.example.com` });
    await asAdmin(page, baseURL!);
    await page.goto('/admin/contactdetails');
    await page.getByLabel('Search enquiries').fill(tag);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('1 enquiry found')).toBeVisible();
    await expectAxeClean(page);
    await page.getByRole('button', { name: /^Reply by e-mail/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAxeClean(page);
  });

  test('the users with the Update dialog open', async ({ page, baseURL }) => {
    await asAdmin(page, baseURL!);
    await page.goto('/admin/adminusers');
    await page.getByLabel('Search users').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: `Update ${ADMIN.email}` }).click();
    const dialog = page.getByRole('dialog', { name: `Update ${ADMIN.email}` });
    // Unticking one's own Admin asks for an explicit confirmation.
    await dialog.getByLabel('Admin', { exact: true }).uncheck();
    await expect(dialog.getByText('Yes, remove my own admin role.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/Tick the box to confirm/);
    await expectAxeClean(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the Trash and the Activity views', async ({ page, baseURL }) => {
    const victim = await createAccount(baseURL!, 'axtrash');
    await asAdmin(page, baseURL!);
    const token = await signInAs(baseURL!, ADMIN.email, ADMIN.password);
    const [listed] = (
      await (
        await fetch(`${baseURL}/api/v1/admin/user?q=${encodeURIComponent(victim.email)}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()
    ).data;
    await fetch(`${baseURL}/api/v1/admin/user/delete/${listed._id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    await page.goto('/admin/trash');
    await expect(page.getByRole('cell', { name: victim.email, exact: true })).toBeVisible();
    await expectAxeClean(page);
    await page.goto('/admin/activity');
    await expect(page.getByRole('table', { name: 'Activity' }).getByRole('row').nth(1)).toBeVisible();
    await expectAxeClean(page);
  });
});
