// The admin area that runs the business, in Chromium against the real server, SMTP catcher and
// database: enquiry status, reply by e-mail, CSV export, delete and restore through the Trash, user
// edits, the Activity log and the dashboard's cards and charts.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { waitForMailInDir } from '../helpers/smtp-catcher.ts';
import { parseCsv } from '../helpers/csv.ts';
import { ADMIN, createAccount, signInAs, useToken } from './fixtures/accounts.ts';
import { expect, expectToast, test } from './fixtures/test.ts';

async function asAdmin(page: Page, baseURL: string) {
  await useToken(page, await signInAs(baseURL, ADMIN.email, ADMIN.password));
}

async function sendEnquiry(
  baseURL: string,
  fields: { name: string; email: string; message?: string; phoneNumber?: string },
) {
  const res = await fetch(`${baseURL}/api/form/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber: '+91 90000 00000', message: `Message from ${fields.name}`, ...fields }),
  });
  expect(res.status).toBe(201);
}

async function adminApi(baseURL: string, path: string) {
  const token = await signInAs(baseURL, ADMIN.email, ADMIN.password);
  const res = await fetch(`${baseURL}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return res.json();
}

async function searchEnquiries(page: Page, text: string, count: number) {
  await page.getByLabel('Search enquiries').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(`${count} ${count === 1 ? 'enquiry' : 'enquiries'} found`)).toBeVisible();
}

const card = (page: Page, email: string): Locator =>
  page.locator('li').filter({ has: page.getByRole('button', { name: `Delete the enquiry from ${email}` }) });

test('an enquiry: change its status, reply by e-mail (mail arrives, thread kept, answered)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const tag = `wf${randomUUID().slice(0, 6)}`;
  const email = `${tag}@e2e.example.com`;
  await sendEnquiry(baseURL!, { name: `${tag} Client`, email, message: 'Can you build a shop?' });
  await asAdmin(page, baseURL!);
  await page.goto('/admin/contactdetails');
  await searchEnquiries(page, tag, 1);
  const item = card(page, email);
  await expect(item.getByLabel('Status')).toHaveValue('new');

  await item.getByLabel('Status').selectOption('in-progress');
  await expectToast(page, 'Status updated');
  // The badge beside the date says it too.
  await expect(item.locator('span', { hasText: /^In progress$/ })).toBeVisible();
  await item.getByLabel('Internal note').fill('Called back on Monday.');
  await item.getByRole('button', { name: 'Save note' }).click();
  await expectToast(page, 'Note saved');

  // The filter finds it under its new status only.
  await page.getByLabel('Filter by status').selectOption('in-progress');
  await expect(page.getByText('1 enquiry found')).toBeVisible();
  await page.getByLabel('Filter by status').selectOption('new');
  await expect(page.getByText('0 enquiries found')).toBeVisible();
  await page.getByLabel('Filter by status').selectOption('');
  await expect(page.getByText('1 enquiry found')).toBeVisible();

  await item.getByRole('button', { name: `Reply by e-mail to ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reply to ${tag} Client` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Your reply')).toBeFocused();
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog.getByText('Write a reply')).toBeVisible();
  // The admin greets the enquirer: the mail keeps that one greeting, and the preview shows the whole mail.
  await dialog.getByLabel('Your reply').fill(`Dear ${tag},\n\nYes we can (${tag}). Shall we talk on Monday?`);
  await dialog.getByText('Preview of the e-mail').click();
  const preview = dialog.locator('[data-reply-preview]');
  await expect(preview).toContainText(`Dear ${tag},`);
  await expect(preview).toContainText('> Can you build a shop?');
  const previewed = await preview.textContent();
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expectToast(page, 'Reply sent');
  await expect(dialog).toBeHidden();

  const mail = await waitForMailInDir(process.env.E2E_MAIL_DIR!, (m) => m.to === email, 15_000);
  expect(mail.subject).toMatch(/^Re: your enquiry – /);
  expect(mail.text).toContain(`Yes we can (${tag}). Shall we talk on Monday?`);
  expect(mail.text).toContain('> Can you build a shop?');
  expect(mail.text).not.toContain('Hello');
  expect(mail.text.trim()).toBe(previewed?.trim());

  // The thread and the status, also after a reload (stored, not just shown).
  await page.reload();
  await searchEnquiries(page, tag, 1);
  await expect(item.getByRole('heading', { name: 'Replies' })).toBeVisible();
  await expect(item.getByText(`Yes we can (${tag}). Shall we talk on Monday?`)).toBeVisible();
  await expect(item.getByLabel('Status')).toHaveValue('answered');
  await expect(item.getByLabel('Internal note')).toHaveValue('Called back on Monday.');
});

test('export CSV: the download respects the filter and neutralises formula cells', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const tag = `csv${randomUUID().slice(0, 6)}`;
  await sendEnquiry(baseURL!, { name: `${tag} Plain`, email: `${tag}-a@e2e.example.com` });
  await sendEnquiry(baseURL!, {
    name: `${tag} Hostile`,
    email: `${tag}-b@e2e.example.com`,
    message: '=HYPERLINK("http://evil.example","click")',
    phoneNumber: '@SUM(1+1)',
  });
  await asAdmin(page, baseURL!);
  await page.goto('/admin/contactdetails');
  await searchEnquiries(page, tag, 2);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^enquiries-all-\d{4}-\d\d-\d\d\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const [header, ...rows] = parseCsv(text.slice(1));
  expect(header).toEqual([
    'id',
    'received',
    'name',
    'email',
    'phone',
    'status',
    'message',
    'note',
    'replies',
    'last reply',
  ]);
  // The search was part of the filter: just the two.
  expect(rows.map((r) => r[2]).sort()).toEqual([`${tag} Hostile`, `${tag} Plain`]);
  const hostile = rows.find((r) => r[2] === `${tag} Hostile`)!;
  expect(hostile[6]).toBe(`'=HYPERLINK("http://evil.example","click")`);
  expect(hostile[4]).toBe(`'@SUM(1+1)`);
  await expectToast(page, 'Export ready');
});

test('delete then restore: a user and an enquiry come back from the Trash', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const victim = await createAccount(baseURL!, 'trash');
  const tag = `tr${randomUUID().slice(0, 6)}`;
  const enquiryEmail = `${tag}@e2e.example.com`;
  await sendEnquiry(baseURL!, { name: `${tag} Sender`, email: enquiryEmail });
  await asAdmin(page, baseURL!);

  await page.goto('/admin/adminusers');
  await page.getByLabel('Search users').fill(victim.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Delete ${victim.email}` }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete user' }).click();
  await expectToast(page, 'deleted successfully');
  await expect(page.getByText('0 users found')).toBeVisible();
  const signIn = () =>
    fetch(`${baseURL}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: victim.email, password: victim.password }),
    });
  expect((await signIn()).status).toBe(401);

  await page.goto('/admin/contactdetails');
  await searchEnquiries(page, tag, 1);
  await page.getByRole('button', { name: `Delete the enquiry from ${enquiryEmail}` }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete enquiry' }).click();
  await expectToast(page, 'deleted successfully');
  await expect(page.getByText('0 enquiries found')).toBeVisible();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/\/admin\/trash$/);
  await expect(page.getByRole('heading', { name: 'Trash', exact: true })).toBeVisible();
  const trash = page.getByRole('table', { name: 'Trash' });
  await expect(trash.getByRole('cell', { name: victim.email, exact: true })).toBeVisible();
  await trash.getByRole('button', { name: `Restore user ${victim.email}` }).click();
  await expectToast(page, 'restored successfully');
  await expect(trash.getByRole('cell', { name: victim.email, exact: true })).toHaveCount(0);
  await trash.getByRole('button', { name: `Restore enquiry ${enquiryEmail}` }).click();
  await expect(trash.getByRole('cell', { name: enquiryEmail, exact: true })).toHaveCount(0);

  // Back as they were: the user signs in with the same password (the old session stays ended), the
  // enquiry is listed again.
  expect((await signIn()).status).toBe(200);
  const me = await fetch(`${baseURL}/api/v1/auth/user`, { headers: { authorization: `Bearer ${victim.token}` } });
  expect(me.status).toBe(401);
  await page.goto('/admin/contactdetails');
  await searchEnquiries(page, tag, 1);
  await expect(card(page, enquiryEmail).getByText(`Message from ${tag} Sender`)).toBeVisible();
});

test('users: Update edits the name, grants admin and marks verified; Activity lists it', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const person = await createAccount(baseURL!, 'edit');
  await asAdmin(page, baseURL!);
  await page.goto('/admin/adminusers');
  await page.getByLabel('Search users').fill(person.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Update ${person.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Update ${person.email}` });
  await dialog.getByLabel('Name').fill('Edited Person');
  await dialog.getByLabel('Admin').check();
  await dialog.getByLabel('E-mail verified').check();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'User updated');
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: person.email });
  await expect(row.getByRole('cell').first()).toHaveText('Edited PersonAdmin');
  // The change is real: the person can call an admin route now.
  const asPerson = await fetch(`${baseURL}/api/v1/admin/user`, {
    headers: { authorization: `Bearer ${person.token}` },
  });
  expect(asPerson.status).toBe(200);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity' }).click();
  const log = page.getByRole('table', { name: 'Activity' });
  await expect(
    log.getByRole('row').filter({ hasText: person.email }).filter({ hasText: 'Made a user admin' }),
  ).toBeVisible();
  await expect(
    log.getByRole('row').filter({ hasText: person.email }).filter({ hasText: 'Marked a user verified' }),
  ).toBeVisible();
  await expect(
    log
      .getByRole('row')
      .filter({ hasText: person.email })
      .filter({ hasText: 'Edited a user' })
      .filter({ hasText: ADMIN.email }),
  ).toBeVisible();
});

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
