// The admin area against the real API: listing, searching, paging and deleting users and enquiries.
import { randomUUID } from 'node:crypto';
import { createAccount } from './fixtures/accounts.ts';
import { asAdmin, sendEnquiry } from './fixtures/admin.ts';
import { expect, expectToast, test, toast } from './fixtures/test.ts';

test('the shell: dashboard text and the nav to every admin page', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await asAdmin(page, baseURL!);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Welcome to the Admin Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  const pages = [
    ['Add Website', /\/admin\/addwebsite$/, 'Add Website'],
    ['Users', /\/admin\/adminusers$/, 'Users'],
    ['Contact', /\/admin\/contactdetails$/, 'Contact enquiries'],
    ['User Dashboard', /\/admin\/userdashboard$/, 'Featured projects'],
    ['Trash', /\/admin\/trash$/, 'Trash'],
    ['Activity', /\/admin\/activity$/, 'Activity'],
    ['Dashboard', /\/admin$/, 'Welcome to the Admin Dashboard'],
  ] as const;
  for (const [link, url, heading] of pages) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: link, exact: true })).toHaveAttribute('aria-current', 'page');
  }
});

test('users: search, paging and delete with a confirmation', async ({ page, baseURL }) => {
  test.slow();
  const tag = `pg${randomUUID().slice(0, 6)}`;
  const accounts = [];
  for (let i = 0; i < 12; i++) accounts.push(await createAccount(baseURL!, tag));
  await asAdmin(page, baseURL!);
  await page.goto('/admin/adminusers');
  const table = page.getByRole('table', { name: 'Users' });
  for (const col of ['Name', 'Email', 'Update', 'Delete']) {
    await expect(table.getByRole('columnheader', { name: col })).toBeVisible();
  }

  await page.getByLabel('Search users').fill(tag);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('12 users found')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  const victim = accounts[0]!;
  await page.getByLabel('Search users').fill(victim.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('1 user found')).toBeVisible();
  await expect(table.getByRole('cell', { name: victim.email, exact: true })).toBeVisible();

  // Cancel keeps the user; confirming deletes it.
  await table.getByRole('button', { name: `Delete ${victim.email}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('cell', { name: victim.email, exact: true })).toBeVisible();

  await table.getByRole('button', { name: `Delete ${victim.email}` }).click();
  await dialog.getByRole('button', { name: 'Delete user' }).click();
  await expectToast(page, 'deleted successfully');
  await expect(page.getByText('0 users found')).toBeVisible();
  // The account is really gone: its token no longer works.
  const me = await fetch(`${baseURL}/api/v1/auth/user`, { headers: { authorization: `Bearer ${victim.token}` } });
  expect(me.status).toBe(401);
});

test('enquiries: listed with their fields, searched and deleted', async ({ page, baseURL }) => {
  const tag = `enq${randomUUID().slice(0, 6)}`;
  await sendEnquiry(baseURL!, { name: `${tag} Alpha`, email: `${tag}-a@e2e.example.com` });
  await sendEnquiry(baseURL!, { name: `${tag} Beta`, email: `${tag}-b@e2e.example.com` });
  await asAdmin(page, baseURL!);
  await page.goto('/admin/contactdetails');
  await page.getByLabel('Search enquiries').fill(tag);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('2 enquiries found')).toBeVisible();
  const alpha = page.getByRole('listitem').filter({ hasText: `${tag}-a@e2e.example.com` });
  for (const field of ['Name', 'Email', 'Message', 'Phone'])
    await expect(alpha.getByText(field, { exact: true })).toBeVisible();
  await expect(alpha.getByText(`Message from ${tag} Alpha`)).toBeVisible();
  await expect(alpha.getByText('+91 90000 00000')).toBeVisible();

  await alpha.getByRole('button', { name: /Delete/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete enquiry' }).click();
  await expectToast(page, 'deleted successfully');
  await expect(page.getByText('1 enquiry found')).toBeVisible();
  await expect(alpha).toHaveCount(0);
});

test('an enquiry that cannot be deleted: "Not Deleted "', async ({ page, baseURL }) => {
  const tag = `nd${randomUUID().slice(0, 6)}`;
  await sendEnquiry(baseURL!, { name: `${tag} Gamma`, email: `${tag}@e2e.example.com` });
  await asAdmin(page, baseURL!);
  await page.goto('/admin/contactdetails');
  await page.getByLabel('Search enquiries').fill(tag);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('1 enquiry found')).toBeVisible();
  // The API goes away between listing and deleting.
  await page.route('**/api/v1/admin/contact/delete/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: `Delete the enquiry from ${tag}@e2e.example.com` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete enquiry' }).click();
  const failed = toast(page, 'Not Deleted');
  await expect(failed).toBeVisible();
  // The spec's text, trailing space included.
  expect(await failed.evaluate((el) => el.textContent)).toBe('Not Deleted ');
  await expect(page.getByText('1 enquiry found')).toBeVisible();
});

test('an island that throws shows the error fallback with its message', async ({ page, baseURL }) => {
  await asAdmin(page, baseURL!);
  // A malformed answer (data is not a list) makes the users table throw while rendering.
  await page.route('**/api/v1/admin/user?*', (route) =>
    route.fulfill({ json: { success: true, data: 'not a list', total: 1, page: 1, pageSize: 10 } }),
  );
  await page.goto('/admin/adminusers');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'is not a function' })).toBeVisible();
  // The shell around it survives.
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
});
