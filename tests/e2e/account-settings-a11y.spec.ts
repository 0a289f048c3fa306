// /account with the keyboard alone (rename, every panel reached in order with a visible focus ring, the
// delete dialog opened, holding focus, and cancelled) and axe on the page and its delete dialog.
import { openAccount, revealPanels } from './fixtures/account-page.ts';
import { createAccount } from './fixtures/accounts.ts';
import { expect, expectToast, test } from './fixtures/test.ts';
import { expectAxeClean } from './fixtures/axe.ts';

test('keyboard only: rename, reach every panel, open and cancel the delete dialog', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const acc = await createAccount(baseURL!, 'keyboard');
  await openAccount(page, acc);
  await revealPanels(page);
  await page.getByLabel('Name', { exact: true }).focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Keyboard Person');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Profile updated');

  // Tab order reaches each panel's controls in reading order, with a visible focus ring.
  const reached: string[] = [];
  for (let i = 0; i < 40 && !reached.includes('Delete account…'); i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? '').trim() : '';
    });
    reached.push(name);
  }
  for (const control of ['Change password', 'Download your data', 'Delete account…'])
    expect(reached).toContain(control);
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  // Focus stays in the dialog.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const me = await fetch(`${baseURL}/api/v1/auth/user`, { headers: { authorization: `Bearer ${acc.token}` } });
  expect(((await me.json()) as { userData: { name: string } }).userData.name).toBe('Keyboard Person');
});

test('axe: /account with every panel, and its delete dialog', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const acc = await createAccount(baseURL!, 'axe');
  await openAccount(page, acc);
  await revealPanels(page);
  await expect(page.getByRole('list', { name: 'Signed-in devices' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Delete account…' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAxeClean(page);
});
