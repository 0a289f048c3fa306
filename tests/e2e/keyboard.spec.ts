// A keyboard walk through what the checkers cannot judge: where focus is after each key. Focus is never
// hidden under the cookie banner, never leaves a modal dialog, never falls to <body> when the control
// holding it goes; a status chosen with the arrow keys is saved once; a button's name contains its label;
// the admin area fits a phone's width.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { ADMIN, createAccount, signInAs } from './fixtures/accounts.ts';
import { asAdmin, searchEnquiries, sendEnquiry } from './fixtures/admin.ts';
import { expect, expectToast, test } from './fixtures/test.ts';

/** What has focus: a short description, or 'body' when nothing does. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return 'body';
    return `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}`;
  });

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

async function tabTo(page: Page, target: Locator, max = 120) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test.describe('the cookie banner never covers the focused control', () => {
  test.use({ consent: null });
  for (const width of [1440, 390]) {
    for (const path of ['/', '/contact']) {
      test(`${path} at ${width} px: every Tab stop is clear of the banner`, async ({ page }) => {
        test.setTimeout(120_000);
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await page.goto(path);
        const banner = page.getByRole('region', { name: 'Cookie consent' });
        await expect(banner).toBeVisible();
        // The walk ends when focus comes back to where it started, or after every control of the page.
        const seen = new Set<string>();
        let stops = 0;
        for (let i = 0; i < 200; i++) {
          await page.keyboard.press('Tab');
          const stop = await page.evaluate(() => {
            const el = document.activeElement;
            if (!el || el === document.body) return null;
            const path = [];
            for (let n: Element | null = el; n; n = n.parentElement)
              path.unshift([...(n.parentElement?.children ?? [])].indexOf(n));
            return { id: path.join('.'), inBanner: !!el.closest('.cookie-banner') };
          });
          if (!stop) continue;
          if (seen.has(stop.id)) break;
          seen.add(stop.id);
          if (stop.inBanner) continue;
          stops++;
          // Scrolling into view may be smooth: wait for the control to settle clear of the banner.
          await expect
            .poll(
              () =>
                page.evaluate(() => {
                  const el = document.activeElement!.getBoundingClientRect();
                  const cover = document.querySelector('.cookie-banner')!.getBoundingClientRect();
                  const overlap = Math.min(el.bottom, cover.bottom) - Math.max(el.top, cover.top);
                  const across = Math.min(el.right, cover.right) - Math.max(el.left, cover.left);
                  return overlap > 0 && across > 0 && el.height > 0 ? `covered by ${Math.round(overlap)} px` : 'clear';
                }),
              { message: `Tab stop ${stops}: ${await focused(page)}` },
            )
            .toBe('clear');
        }
        expect(stops).toBeGreaterThan(10);
        await expect(banner).toBeVisible(); // walking the page made no choice
      });
    }
  }

  test('choosing moves focus on to the page, not to <body>', async ({ page }) => {
    await page.goto('/');
    const accept = page.getByRole('button', { name: 'Accept All' });
    await tabTo(page, accept);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
    expect(await focused(page)).not.toBe('body');
    // The next control in the page's order: the announcement's first link.
    await page.keyboard.press('Tab');
    expect(await focused(page)).not.toBe('body');
  });
});

test('Reply and Edit user dialogs keep Tab and Shift+Tab inside', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const tag = `kt${randomUUID().slice(0, 6)}`;
  const email = `${tag}@e2e.example.com`;
  await sendEnquiry(baseURL!, { name: `${tag} Trap`, email });
  const user = await createAccount(baseURL!, tag);
  await asAdmin(page, baseURL!);

  const staysInside = async (dialog: Locator) => {
    await expect(dialog).toBeVisible();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press(key);
        expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${key} × ${i + 1}`).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  };

  await page.goto('/admin/contactdetails');
  await searchEnquiries(page, tag, 1);
  const reply = page.getByRole('button', { name: `Reply by e-mail to ${email}` });
  await tabTo(page, reply);
  await page.keyboard.press('Enter');
  await staysInside(page.getByRole('dialog', { name: `Reply to ${tag} Trap` }));
  await expect(reply).toBeFocused();

  await page.goto('/admin/adminusers');
  await page.getByLabel('Search users').fill(user.email);
  await page.keyboard.press('Enter');
  const update = page.getByRole('button', { name: `Update ${user.email}` });
  await tabTo(page, update);
  await page.keyboard.press('Enter');
  await staysInside(page.getByRole('dialog', { name: `Update ${user.email}` }));
  await expect(update).toBeFocused();
});

test('an enquiry status stepped through with the arrow keys is saved once, and focus stays', async ({
  page,
  baseURL,
}) => {
  const tag = `ks${randomUUID().slice(0, 6)}`;
  await sendEnquiry(baseURL!, { name: `${tag} Steps`, email: `${tag}@e2e.example.com` });
  await asAdmin(page, baseURL!);
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/api/v1/admin/contact/')) saves.push(r.postData() ?? '');
  });
  await page.goto('/admin/contactdetails');
  await searchEnquiries(page, tag, 1);
  const status = page.getByLabel('Status', { exact: true });
  await tabTo(page, status);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(status).toBeFocused();
  await expect(status).toBeEnabled();
  await expect(status).toHaveValue('answered');
  // Leaving the select makes the choice: one save, and focus where Tab took it.
  await page.keyboard.press('Tab');
  await expectToast(page, 'Status updated');
  await expect(page.getByLabel('Internal note')).toBeFocused();
  expect(saves.map((s) => JSON.parse(s))).toEqual([{ status: 'answered' }]);

  // Enter confirms a choice without leaving the select.
  await page.keyboard.press('Shift+Tab');
  await expect(status).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect.poll(() => saves.length).toBe(2);
  await expect(status).toBeFocused();
  expect(JSON.parse(saves[1]!)).toEqual({ status: 'in-progress' });
});

test.describe('focus stays in the page when the control holding it goes', () => {
  test('Back to top: focus goes to the top of the page, and the next Tab stays in it', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Back to top' });
    await page.keyboard.press('End');
    await expect(button).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link').last().focus();
    await tabTo(page, button);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await focused(page)).not.toBe('body');
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => {
      const el = document.activeElement!;
      return { body: el === document.body, top: el.getBoundingClientRect().top };
    });
    expect(next.body).toBe(false);
    expect(next.top).toBeLessThan(page.viewportSize()!.height);
  });

  test('dismissing the announcement moves focus on to the header', async ({ page }) => {
    await page.goto('/');
    await tabTo(page, page.getByRole('button', { name: 'Dismiss announcement' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('complementary', { name: 'Announcement' })).toHaveCount(0);
    expect(await page.evaluate(() => !!document.activeElement?.closest('header'))).toBe(true);
  });

  test('a sent contact message: focus moves to the panel that replaces the form', async ({ page }) => {
    await page.goto('/contact');
    const bot = page.getByText(/^What is \d+ \+ \d+\?$/);
    await expect(bot).toBeVisible();
    const [, x, y] = /What is (\d+) \+ (\d+)\?/.exec((await bot.textContent()) ?? '') ?? [];
    await tabTo(page, page.getByLabel('Name', { exact: true }));
    await page.keyboard.type('Keyboard Visitor');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`kc${randomUUID().slice(0, 6)}@e2e.example.com`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('+91 98765 43210');
    await tabTo(page, page.getByLabel('Message', { exact: true }));
    await page.keyboard.type('Sent with the keyboard alone.');
    await tabTo(page, page.getByLabel(/What is/));
    await page.keyboard.type(String(Number(x) + Number(y)));
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Message Sent!')).toBeVisible();
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="status"]'))).toBe(true);
    // Back to the form by the keyboard: focus lands in its first field.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send Another Message' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  });
});

test("Trash: each 'Delete for good' button's name contains its visible label", async ({ page, baseURL }) => {
  const victim = await createAccount(baseURL!, 'kd');
  const me = await fetch(`${baseURL}/api/v1/auth/user`, { headers: { authorization: `Bearer ${victim.token}` } });
  const { _id } = ((await me.json()) as { userData: { _id: string } }).userData;
  const adminToken = await signInAs(baseURL!, ADMIN.email, ADMIN.password);
  const gone = await fetch(`${baseURL}/api/v1/admin/user/delete/${_id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(gone.status).toBe(200);
  await asAdmin(page, baseURL!);
  await page.goto('/admin/trash');
  const table = page.getByRole('table', { name: 'Trash' });
  await expect(table.getByRole('cell', { name: victim.email, exact: true })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: victim.email });
  await tabTo(page, row.getByRole('button').last());
  const button = page.locator(':focus');
  await expect(button).toHaveText('Delete for good');
  await expect(button).toHaveAccessibleName(new RegExp(`^Delete for good\\b.*${victim.email.replace(/\./g, '\\.')}`));
});

test("service pages' structured data name the page by its canonical address", async ({ request }) => {
  for (const id of ['Website-Development', 'Building Projects', 'Automation']) {
    const html = await (await request.get(`/service-details/${encodeURIComponent(id)}`)).text();
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1];
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(canonical).toMatch(/\/$/);
    expect(ogUrl).toBe(canonical);
    expect(ld.url).toBe(canonical);
  }
});

test.describe('the admin area at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('nothing lies off-screen to the side: the menu, and the Users table with its Update and Delete buttons', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const user = await createAccount(baseURL!, 'kw');
    await asAdmin(page, baseURL!);
    /** The controls and cells that lie beyond the window's right edge, and how far anything has scrolled sideways. */
    const offScreen = () =>
      page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const scrolled = [document.scrollingElement!, ...document.querySelectorAll('nav, section')]
          .filter((el) => el.scrollLeft > 0)
          .map((el) => el.tagName.toLowerCase());
        const beyond = [...document.querySelectorAll('a, button, select, input, th, td')]
          // Text for screen readers only (the skip link until it has focus) is clipped to nothing.
          .filter((el) => el.checkVisibility() && !el.closest('.sr-only'))
          .filter((el) => {
            const box = el.getBoundingClientRect();
            return box.left < 0 || box.right > width + 0.5;
          })
          .map((el) => `${el.tagName.toLowerCase()} ${el.textContent?.trim().slice(0, 30)}`);
        return { scrolled, beyond: beyond.slice(0, 8) };
      });
    await page.goto('/admin/adminusers');
    await expect(page.locator('h1')).toBeVisible();
    await page.getByLabel('Search users').fill(user.email);
    await page.keyboard.press('Enter');
    const update = page.getByRole('button', { name: `Update ${user.email}`, exact: true });
    await expect(update).toBeVisible();
    expect(await offScreen()).toEqual({ scrolled: [], beyond: [] });
    // Tab through the menu and to both buttons: nothing has to scroll sideways to show them.
    await tabTo(page, page.getByRole('navigation', { name: 'Admin' }).getByRole('link').last());
    await tabTo(page, update);
    await tabTo(page, page.getByRole('button', { name: `Delete ${user.email}`, exact: true }));
    expect(await offScreen()).toEqual({ scrolled: [], beyond: [] });
    for (const path of ['/admin', '/admin/contactdetails', '/admin/activity']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      expect((await offScreen()).scrolled, path).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
    }
  });
});
