// The enquiries CSV export in Chromium against the real server and database, its answer paused midway
// (fixtures/held-answer.ts) so that what the admin sees between the first and last byte can be read: the
// progress in KB so far as bytes arrive, the whole file once the rest comes (the header and the enquiry's
// row), and a cancel while bytes are arriving: the 'Export cancelled' toast, the connection dropped, no
// download, and the export button usable again.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { parseCsv, ENQUIRY_EXPORT_HEADER } from '../helpers/csv.ts';
import { asAdmin, searchEnquiries, sendEnquiry } from './fixtures/admin.ts';
import { holdAnswerMidway } from './fixtures/held-answer.ts';
import { expect, expectToast, test } from './fixtures/test.ts';

const EXPORT_URL = '**/api/v1/admin/contact/export?*';
// The answer is held after 3 KB: the enquiry's long message makes the file longer than that.
const FIRST_BYTES = 3 * 1024;
const MESSAGE = 'Please call me back about the shop and its delivery rules. '.repeat(80).trim();

/** One enquiry of its own, found by the search box (so the export is filtered to it), as the admin. */
async function openWithEnquiry(page: Page, baseURL: string) {
  const tag = `xp${randomUUID().slice(0, 6)}`;
  const enquiry = { name: `${tag} Client`, email: `${tag}@e2e.example.com`, message: MESSAGE };
  await sendEnquiry(baseURL, enquiry);
  await asAdmin(page, baseURL);
  await page.goto('/admin/contactdetails');
  await searchEnquiries(page, tag, 1);
  return enquiry;
}

async function csvRows(file: Download) {
  const text = await readFile((await file.path())!, 'utf8');
  return parseCsv(text.replace(/^\uFEFF/, ''));
}

test('export CSV: progress in KB while bytes arrive, then the whole file', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const enquiry = await openWithEnquiry(page, baseURL!);
  const held = await holdAnswerMidway(page, EXPORT_URL, baseURL!, FIRST_BYTES);
  try {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    // The export's progress replaces its button; once the first 3 KB are in, it says so.
    const progress = page.getByRole('status').filter({ hasText: 'Exporting…' });
    await expect(page.getByRole('button', { name: 'Cancel export' })).toBeVisible();
    expect(await held.sent).toBe(FIRST_BYTES);
    await expect(progress).toHaveText('Exporting… 3 KB so far');
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();

    held.release();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^enquiries-all-\d{4}-\d\d-\d\d\.csv$/);
    await expectToast(page, 'Export ready');
    await expect(progress).toBeHidden();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();

    const [header, ...rows] = await csvRows(file);
    expect(header).toEqual(ENQUIRY_EXPORT_HEADER);
    // Just the searched enquiry, whole: its message is the bytes after the hold.
    expect(rows).toHaveLength(1);
    // (The phone number's leading '+' is neutralised as a formula would be.)
    expect(rows[0]!.slice(2, 7)).toEqual([enquiry.name, enquiry.email, "'+91 90000 00000", 'new', MESSAGE]);
  } finally {
    await held.close();
  }
});

test('export CSV: cancelled while bytes arrive, no download, and the export works again', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const enquiry = await openWithEnquiry(page, baseURL!);
  const downloads: Download[] = [];
  page.on('download', (d) => downloads.push(d));
  const held = await holdAnswerMidway(page, EXPORT_URL, baseURL!, FIRST_BYTES);
  try {
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Exporting…' })).toHaveText('Exporting… 3 KB so far');

    await page.getByRole('button', { name: 'Cancel export' }).click();
    await expectToast(page, 'Export cancelled');
    // The browser let go of the answer midway, and the file it had begun was never handed over.
    await held.dropped;
    expect(downloads).toEqual([]);
    await expect(page.getByRole('status').filter({ hasText: 'Exporting…' })).toBeHidden();
  } finally {
    await held.close();
  }

  // The button is back and works: this time the answer goes straight through.
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const rows = await csvRows(await again);
  expect(rows.slice(1).map((r) => r[3])).toEqual([enquiry.email]);
  await expectToast(page, 'Export ready');
  expect(downloads).toHaveLength(1);
});
