// The dashboard's "Download backup" in Chromium against the real server and database: the button is busy
// while the backup is made, the browser gets a real download named as the server's Content-Disposition
// says, whose bytes are gzip-compressed JSON lines holding the database's tables (the signed-in admin's
// account among the users); and when the request fails, the error toast and the button usable again.
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { ADMIN } from './fixtures/accounts.ts';
import { asAdmin } from './fixtures/admin.ts';
import { expect, expectToast, holdRequests, hydrated, test } from './fixtures/test.ts';

const BACKUP_URL = '**/api/v1/admin/backup';

test('download backup: busy while made, then a gzip file of JSON lines named by the server', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await asAdmin(page, baseURL!);
  await page.goto('/admin');
  await hydrated(page);
  const release = await holdRequests(page, BACKUP_URL);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/admin/backup'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download backup' }).click();

  // Held: the button says it is working and cannot be pressed twice.
  const busy = page.getByRole('button', { name: 'Preparing the backup…' });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  release();

  const response = await answered;
  expect(response.status()).toBe(200);
  const named = /filename="([^"]+)"/.exec(response.headers()['content-disposition'] ?? '')?.[1];
  expect(named).toMatch(/^agency-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.jsonl\.gz$/);
  const file = await download;
  expect(file.suggestedFilename()).toBe(named);
  await expectToast(page, 'Backup ready');
  await expect(page.getByRole('button', { name: 'Download backup' })).toBeEnabled();

  const bytes = await readFile((await file.path())!);
  // gzip's magic number, then JSON lines: the header, each table's section and rows, and the row counts.
  expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  const lines = gunzipSync(bytes)
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
  const head = lines[0] as { format: string; version: number; tables: string[] };
  expect(head.format).toBe('agency-site-backup');
  expect(head.version).toBe(1);
  expect(head.tables).toEqual(expect.arrayContaining(['users', 'enquiries']));
  const sections = lines.filter((l): l is [string, string, string[]] => Array.isArray(l) && l[0] === 'table');
  expect(sections.map((s) => s[1])).toEqual(head.tables);
  const usersAt = lines.findIndex((l) => Array.isArray(l) && l[0] === 'table' && l[1] === 'users');
  expect((lines[usersAt] as [string, string, string[]])[2]).toEqual(expect.arrayContaining(['id', 'email']));
  // The signed-in admin is a row of the users section (the rows up to the next section).
  const nextSection = lines.findIndex((l, i) => i > usersAt && Array.isArray(l));
  const users = lines.slice(usersAt + 1, nextSection) as { email?: string }[];
  expect(users.map((u) => u.email)).toContain(ADMIN.email);
  const end = lines.at(-1) as [string, Record<string, number>];
  expect(end[0]).toBe('end');
  expect(end[1].users).toBe(users.length);
});

test('download backup: a failed request shows the error and the button works again', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await asAdmin(page, baseURL!);
  await page.goto('/admin');
  await hydrated(page);
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await page.route(BACKUP_URL, (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Download backup' }).click();

  await expectToast(page, 'Could not make the backup');
  await expect(page.getByRole('button', { name: 'Download backup' })).toBeEnabled();
  // The toast is shown where a download would have been handed over first: none was.
  expect(downloads).toEqual([]);
});
