// The dashboard's enquiries in Chromium: an enquiry sent while signed in (through the live demo card's
// claim link and the contact form) is listed there, without its message.
import { createAccount, useToken } from './fixtures/accounts.ts';
import { expect, expectToast, hydrated, test } from './fixtures/test.ts';

test('an enquiry sent while signed in shows on the dashboard; the live demo card claims its site', async ({
  page,
  baseURL,
}) => {
  const acc = await createAccount(baseURL!, 'enquiry');
  await useToken(page, acc.token);
  await page.goto('/userdashboard');
  await expect(page.getByText(/Messages you send through the .* appear here/)).toBeVisible();
  await page.getByRole('link', { name: /^Claim this project: / }).click();
  await expect(page).toHaveURL(/\/contact\?claim=/);
  await hydrated(page);
  const message = page.getByLabel('Message');
  await expect(message).toHaveValue(/^Claim: ShopLocal Storefront\n/);
  await message.press('End');
  await message.pressSequentially('We run a bakery.');
  await page.getByLabel('Name', { exact: true }).fill(acc.name);
  await page.getByLabel('Email').fill(acc.email);
  await page.getByLabel('Phone number').fill('+91 98765 43210');
  const question = ((await page.locator('label[for="contact-bot"]').textContent()) ?? '').trim();
  const [, x, y] = /What is (\d+) \+ (\d+)\?/.exec(question)!;
  await page.getByLabel(question).fill(String(Number(x) + Number(y)));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Message sent successfully!');

  await page.goto('/userdashboard');
  const list = page.getByRole('region', { name: 'Your enquiries' }).getByRole('listitem');
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText('Claim: ShopLocal Storefront');
  await expect(list.first()).toContainText('New');
  await expect(list.first()).not.toContainText('bakery');
});
