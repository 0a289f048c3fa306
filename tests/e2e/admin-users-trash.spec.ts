// The admin's users and the Trash, in Chromium against the real server and database: a user and an
// enquiry deleted, then restored from the Trash as they were; a user's Update (name, admin, verified),
// and the Activity log that lists it.
import { randomUUID } from 'node:crypto';
import { ADMIN, createAccount } from './fixtures/accounts.ts';
import { asAdmin, card, searchEnquiries, sendEnquiry } from './fixtures/admin.ts';
import { expect, expectToast, test } from './fixtures/test.ts';

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
  // Marking the address verified proved it by another route than the person's own session: the session
  // from before the proof has ended (the person sets a password by a mailed code to sign in again).
  const asPerson = await fetch(`${baseURL}/api/v1/admin/user`, {
    headers: { authorization: `Bearer ${person.token}` },
  });
  expect(asPerson.status).toBe(401);

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
