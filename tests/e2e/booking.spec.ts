// Book a Call in the browser, against the real API and database of the suite's server: a booking made
// with the keyboard alone, from /book to its confirmation, in both languages and in a visitor's zone that
// is not India's; the mailed manage link cancels the call and moves it; the admin's week shows it. Every
// slot is one the API offers at the time (it refuses weekends and the next 2 hours): none is hard-coded.
// The tests of this file run one after another, each booking the first slot still free.
import type { Page } from '@playwright/test';
import { localePath, type Locale } from '../../src/i18n/locales.ts';
import { BOOK } from '../../src/i18n/hi/book.ts';
import { UI } from '../../src/i18n/hi/ui.ts';
import type { Catalog } from '../../src/i18n/translate.ts';
import type { Slot } from '../../src/lib/booking-times.ts';
import { waitForMailInDir } from '../helpers/smtp-catcher.ts';
import { type Account, createAccount, uniqueEmail, useToken } from './fixtures/accounts.ts';
import { asAdmin } from './fixtures/admin.ts';
import { expectAxeClean } from './fixtures/axe.ts';
import { expect, test } from './fixtures/test.ts';

/** The visitor's zone: New York's, so that each time shows India's beside it. */
test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

const HINDI: Catalog = { ...UI, ...BOOK };
const words = (locale: Locale) => (text: string) => (locale === 'hi' ? (HINDI[text] ?? text) : text);

async function freeSlots(baseURL: string): Promise<Slot[]> {
  const res = await fetch(`${baseURL}/api/v1/bookings/slots?days=31`);
  expect(res.status).toBe(200);
  const { slots } = (await res.json()) as { slots: Slot[] };
  expect(slots.length, 'the API offers free slots').toBeGreaterThan(0);
  return slots;
}

/**
 * Books the first free slot through the API, as a visitor in `locale` (signed in with `account`'s token
 * when given); its manage link from the mail.
 */
async function bookByApi(baseURL: string, name: string, locale: Locale = 'en', account?: Account) {
  const [slot] = await freeSlots(baseURL);
  const email = account?.email ?? uniqueEmail('booking');
  const res = await fetch(`${baseURL}/api/v1/bookings`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': locale,
      ...(account ? { authorization: `Bearer ${account.token}` } : {}),
    },
    body: JSON.stringify({ start: slot!.start, name, email, topic: `Topic of ${name}` }),
  });
  expect(res.status).toBe(201);
  const mail = await waitForMailInDir(process.env.E2E_MAIL_DIR!, (m) => m.to.includes(email) && !!m.calendar, 30_000);
  const link = /https?:\/\/\S+\/book\/manage#\S+/.exec(mail.text)?.[0];
  expect(link, 'the confirmation carries the manage link').toBeTruthy();
  return { slot: slot!, email, link: new URL(link!) };
}

/**
 * Presses Tab until focus is inside the booking form (the skip link and the header come first); what it
 * reaches there first: a button's text, or an input's name.
 */
async function tabIntoBookingForm(page: Page, name: string): Promise<string> {
  const form = page.getByRole('form', { name });
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const reached = await form.evaluate((f) => {
      const el = document.activeElement;
      if (el && f.contains(el)) return el instanceof HTMLInputElement ? `input ${el.name}` : (el.textContent ?? '');
      // Reaching the form wakes its island. On a busy machine the island can be awake before this check,
      // the button that woke it gone with its work done and focus on its way to the first day: another
      // Tab then would pass the day.
      return f.closest('astro-island')?.hasAttribute('ssr') === false ? 'awake' : null;
    });
    if (reached === 'awake') {
      await expect(form.getByRole('radio', { checked: true }).first()).toBeFocused();
      return 'input book-day';
    }
    if (reached !== null) return reached;
  }
  throw new Error('Tab never reached the booking form');
}

for (const locale of ['en', 'hi'] as const) {
  const t = words(locale);

  test(`${locale}: a visitor books a call with the keyboard alone, from /book to the confirmation`, async ({
    page,
    baseURL,
  }) => {
    const [first] = await freeSlots(baseURL!);
    await page.goto(localePath('/book', locale));
    // The first stop is the button that shows the times: reaching it wakes the island, which asks for them,
    // and focus moves to the first day once they come (the button goes with its work done; on a quick
    // machine before the check below reads it).
    expect([t('Show the free times'), t('Loading the free times…'), 'input book-day']).toContain(
      await tabIntoBookingForm(page, t('Book a call')),
    );
    const day = page.getByRole('group', { name: t('Day'), exact: true }).getByRole('radio', { checked: true });
    await expect(day).toBeFocused();

    // Tab leaves the days for the first time of the chosen day; Space chooses it.
    await page.keyboard.press('Tab');
    const time = page.locator('input[name="book-time"]').first();
    await expect(time).toBeFocused();
    await page.keyboard.press('Space');
    await expect(time).toBeChecked();
    await expect(time).toHaveValue(first!.start);
    // New York's time, India's beside it.
    await expect(page.locator(`label[for="${await time.getAttribute('id')}"]`)).toContainText(
      t('{time} in India').replace('{time}', '').trim(),
    );

    await page.keyboard.press('Tab');
    await expect(page.getByLabel(t('Name'), { exact: true })).toBeFocused();
    await page.keyboard.type(`Keyboard Visitor ${locale}`);
    await page.keyboard.press('Tab');
    const email = uniqueEmail(`keyboard-${locale}`);
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('A new shop website');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: t('Book the call') })).toBeFocused();
    await page.keyboard.press('Enter');

    const confirmation = page.getByRole('status').filter({ hasText: t('Your call is booked') });
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toContainText(email);
    // The slot is taken: the API no longer offers it.
    expect((await freeSlots(baseURL!)).map((s) => s.start)).not.toContain(first!.start);
  });

  test(`${locale}: the mailed link's page shows the call and cancels it`, async ({ page, baseURL }) => {
    const { slot, link } = await bookByApi(baseURL!, `Manage Visitor ${locale}`, locale);
    expect(link.pathname).toBe(localePath('/book/manage', locale));
    await page.goto(link.pathname + link.hash);
    await expect(page.getByRole('heading', { name: t('Your call'), exact: true })).toBeVisible();
    await expect(page.getByText(`Manage Visitor ${locale}`, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: t('Cancel the call') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('Yes, cancel the call') })
      .click();
    await expect(page.getByRole('status').filter({ hasText: t('Your call is cancelled.') })).toBeVisible();
    await expect(page.getByRole('heading', { name: t('Cancelled call') })).toBeVisible();
    // The slot is free again at once.
    expect((await freeSlots(baseURL!)).map((s) => s.start)).toContain(slot.start);
  });
}

test('a time taken meanwhile is refused with the next free times, one of which books', async ({ page, baseURL }) => {
  await page.goto('/book');
  await page.getByRole('button', { name: 'Show the free times' }).click();
  const time = page.locator('input[name="book-time"]').first();
  await page.locator(`label[for="${await time.getAttribute('id')}"]`).click();
  const chosen = await time.inputValue();
  await page.getByLabel('Name', { exact: true }).fill('Second Visitor');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('second'));
  // Someone else books the same time first.
  const first = await fetch(`${baseURL}/api/v1/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ start: chosen, name: 'First Visitor', email: uniqueEmail('first') }),
  });
  expect(first.status).toBe(201);
  await page.getByRole('button', { name: 'Book the call' }).click();
  await expect(page.getByRole('alert')).toHaveText('That time was just taken. Please pick another.');
  const offered = page.getByRole('button', { name: /in India/ });
  await expect(offered.first()).toBeVisible();
  const next = (await freeSlots(baseURL!))[0]!;
  expect(next.start).not.toBe(chosen);
  await offered.first().click();
  await expect(page.locator('input[name="book-time"]:checked')).toHaveValue(next.start);
  await page.getByRole('button', { name: 'Book the call' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your call is booked' })).toBeVisible();
});

test('the mailed link moves the call to another free time', async ({ page, baseURL }) => {
  const { slot, link } = await bookByApi(baseURL!, 'Moving Visitor');
  await page.goto(link.pathname + link.hash);
  await page.getByRole('button', { name: 'Move the call' }).click();
  const times = page.locator('input[name="move-time"]');
  await expect(times.first()).toBeAttached();
  // The first time offered on the first day: the booked slot is not among them.
  const target = await times.first().inputValue();
  expect(target).not.toBe(slot.start);
  // The radio is drawn as its label (a pill), which takes the click.
  await page.locator(`label[for="${await times.first().getAttribute('id')}"]`).click();
  await expect(times.first()).toBeChecked();
  await page.getByRole('button', { name: 'Move to this time' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your call is moved.' })).toBeVisible();
  await expect(page.locator('dd time')).toHaveAttribute('datetime', new Date(target).toISOString());
  const free = (await freeSlots(baseURL!)).map((s) => s.start);
  expect(free).toContain(slot.start);
  expect(free).not.toContain(target);
});

test("a signed-in visitor's call is on the dashboard", async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, 'dashboard-call');
  const { slot } = await bookByApi(baseURL!, 'Dashboard Visitor', 'en', account);
  await useToken(page, account.token);
  await page.goto('/userdashboard');
  const calls = page.getByRole('region', { name: 'Your calls' });
  const call = calls.getByRole('listitem').filter({ hasText: 'Topic of Dashboard Visitor' });
  await expect(call).toBeVisible();
  await expect(call.locator('time')).toHaveAttribute('datetime', slot.start);
  await expect(call).toContainText('Booked');
});

test("the admin's week view shows a booked call, by keyboard", async ({ page, baseURL }) => {
  const name = `Week Visitor ${Date.now()}`;
  const { slot, email } = await bookByApi(baseURL!, name);
  await asAdmin(page, baseURL!);
  await page.goto('/admin/bookings');
  const week = page.getByRole('region', { name: 'Week table' });
  const call = week.getByRole('button', { name });
  // The weeks (Monday to Sunday, India's calendar) from this one to the call's: Next week that many times.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
  const mondayOf = (instant: Date) => {
    const date = Date.parse(`${day.format(instant)}T00:00:00Z`);
    return date - ((new Date(date).getUTCDay() + 6) % 7) * 86_400_000;
  };
  const weeks = Math.round((mondayOf(new Date(slot.start)) - mondayOf(new Date())) / (7 * 86_400_000));
  const heading = page.getByRole('heading', { name: /^Week of/ });
  await expect(heading).toBeVisible();
  for (let i = 0; i < weeks; i++) {
    const before = await heading.textContent();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(heading).not.toHaveText(before!);
  }
  await expect(call).toBeVisible();
  // Its row is its time in India.
  const india = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Kolkata' });
  await expect(call.locator('xpath=ancestor::tr/th')).toHaveText(india.format(new Date(slot.start)));
  await call.focus();
  await page.keyboard.press('Enter');
  const chosen = page.getByRole('region', { name: 'Chosen call' });
  await expect(chosen).toContainText(email);
  // The list finds it by e-mail.
  await page.getByLabel('Search bookings by name or e-mail').fill(email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Bookings table' }).getByRole('row')).toHaveCount(2);
});

for (const locale of ['en', 'hi'] as const) {
  const t = words(locale);
  test(`${locale}: axe finds nothing on the open picker and on a booking's page`, async ({ page, baseURL }) => {
    await page.goto(localePath('/book', locale));
    await page.getByRole('button', { name: t('Show the free times') }).click();
    await expect(page.locator('input[name="book-time"]').first()).toBeAttached();
    // A refused form: the fields' messages are judged too.
    await page.getByRole('button', { name: t('Book the call') }).click();
    await expect(page.getByText(t('Enter a Vaild Email'))).toBeVisible();
    await expectAxeClean(page);

    const { link } = await bookByApi(baseURL!, `Axe Visitor ${locale}`, locale);
    await page.goto(link.pathname + link.hash);
    await page.getByRole('button', { name: t('Move the call') }).click();
    await expect(page.locator('input[name="move-time"]').first()).toBeAttached();
    await expectAxeClean(page);
  });
}
