// The admin's enquiry work, in Chromium against the real server, SMTP catcher and database: a status and
// an internal note, a reply by e-mail (the mail arrives, the thread is kept, the enquiry is answered),
// and the CSV export (the filter respected, formula cells neutralised).
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { waitForMailInDir } from '../helpers/smtp-catcher.ts';
import { parseCsv, ENQUIRY_EXPORT_HEADER } from '../helpers/csv.ts';
import { asAdmin, card, searchEnquiries, sendEnquiry } from './fixtures/admin.ts';
import { expect, expectToast, test } from './fixtures/test.ts';

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
  expect(header).toEqual(ENQUIRY_EXPORT_HEADER);
  // The search was part of the filter: just the two.
  expect(rows.map((r) => r[2]).sort()).toEqual([`${tag} Hostile`, `${tag} Plain`]);
  const hostile = rows.find((r) => r[2] === `${tag} Hostile`)!;
  expect(hostile[6]).toBe(`'=HYPERLINK("http://evil.example","click")`);
  expect(hostile[4]).toBe(`'@SUM(1+1)`);
  await expectToast(page, 'Export ready');
});
