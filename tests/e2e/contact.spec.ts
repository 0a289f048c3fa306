// The contact form on /contact and on the landing page, against the real API.
import type { Page } from '@playwright/test';
import { TIMINGS } from '../../src/lib/constants.ts';
import { createAccount, useToken } from './fixtures/accounts.ts';
import { expect, expectToast, holdRequests, test } from './fixtures/test.ts';

const botLabel = (page: Page) => page.getByText(/^What is \d+ \+ \d+\?$/);

async function answer(page: Page) {
  const [, x, y] = /What is (\d+) \+ (\d+)\?/.exec((await botLabel(page).textContent()) ?? '') ?? [];
  return String(Number(x) + Number(y));
}

async function fillContact(page: Page, tag: string) {
  await page.getByLabel('Name', { exact: true }).fill(`Visitor ${tag}`);
  await page.getByLabel('Email', { exact: true }).fill(`${tag}@e2e.example.com`);
  await page.getByLabel('Phone number').fill('+91 98765 43210');
  await page.getByLabel('Message', { exact: true }).fill(`Hello from ${tag}`);
}

test('a wrong answer shows the spec toast and draws a new question', async ({ page }) => {
  await page.goto('/contact');
  await expect(botLabel(page)).toBeVisible();
  await fillContact(page, 'wrong');
  await expect(page.getByLabel('Message', { exact: true })).toHaveAttribute('rows', '5');
  // A new question may equal the old one by chance (1 in 100): allow a few draws.
  const first = await botLabel(page).textContent();
  let changed = false;
  for (let i = 0; i < 4 && !changed; i++) {
    await page.getByLabel(/What is/).fill('999');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Incorrect answer to bot protection question. Please try again.');
    await expect(page.getByLabel(/What is/)).toHaveValue('');
    changed = (await botLabel(page).textContent()) !== first;
  }
  expect(changed).toBe(true);
  // The form is kept for another try.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Visitor wrong');
});

test('success: toast, cleared form, the panel, and back to a new question after 5 s', async ({ page }) => {
  await page.goto('/contact');
  await expect(botLabel(page)).toBeVisible();
  await fillContact(page, 'ok');
  await page.getByLabel(/What is/).fill(await answer(page));
  const release = await holdRequests(page, '**/api/form/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Please wait...' })).toBeDisabled();
  release();
  await expectToast(page, 'Message sent successfully!');
  await expect(page.getByText('Message Sent!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Another Message' })).toBeVisible();
  // The panel closes by itself after 5 s, on an empty form with a question. The wait is generous: a busy
  // machine fires the page's timer late.
  await expect(page.getByText('Message Sent!')).toBeHidden({ timeout: TIMINGS.contactSuccessPanelMs + 10_000 });
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
  await expect(botLabel(page)).toBeVisible();
});

test('"Send Another Message" returns to the form at once', async ({ page }) => {
  await page.goto('/');
  const form = page.locator('#contact');
  await form.scrollIntoViewIfNeeded();
  // On the landing page the form hydrates when the visitor starts to use it; what is typed meanwhile stays.
  await expect(page.getByText('Check question: it appears as you type')).toBeVisible();
  await fillContact(page, 'landing');
  await expect(botLabel(page)).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Visitor landing');
  await page.getByLabel(/What is/).fill(await answer(page));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Message sent successfully!');
  await page.getByRole('button', { name: 'Send Another Message' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(botLabel(page)).toBeVisible();
});

test('failure when the API is down: the spec toast and the form kept', async ({ page }) => {
  await page.goto('/contact');
  await expect(botLabel(page)).toBeVisible();
  await fillContact(page, 'down');
  await page.getByLabel(/What is/).fill(await answer(page));
  await page.route('**/api/form/contact', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Failed to send message. Please try again.');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Visitor down');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Hello from down');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('a field the API refuses (an address the browser lets through): the toast, and the message beside it', async ({
  page,
}) => {
  await page.goto('/contact');
  await expect(botLabel(page)).toBeVisible();
  await fillContact(page, 'dotless');
  const email = page.getByLabel('Email', { exact: true });
  await email.fill('visitor@localhost');
  await page.getByLabel(/What is/).fill(await answer(page));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Failed to send message. Please try again.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Invalid email address');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Hello from dotless');
});

test("signed in, the form starts with the account's name and e-mail; signed out, empty", async ({ page, baseURL }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await expect(form.getByLabel('Name', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');
  const account = await createAccount(baseURL!, 'contact');
  await useToken(page, account.token);
  await page.goto('/contact');
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(account.name);
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  await expect(form.getByLabel('Phone number')).toHaveValue('');
});
