// axe on every public page: no serious or critical violations.
import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { COOKIE_CONSENT_KEY } from '../../src/lib/constants.ts';

const PATHS = [
  '/',
  '/projects',
  '/policy/',
  '/TryNow',
  '/contact',
  '/service-details/Automation',
  '/service-details/Nope',
  '/nope',
  '/blog/',
  '/blog/website-speed-fixes/',
  '/blog/tags/web-development/',
];

for (const path of PATHS) {
  test(`accessibility: ${path}`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.addInitScript((key) => localStorage.setItem(key, 'essential'), COOKIE_CONSENT_KEY);
    await page.goto(path);
    // Revealed content is what visitors see; axe should judge it, not its faded-in start.
    await page.evaluate(() =>
      document.querySelectorAll('.reveal').forEach((el) => {
        el.classList.add('active');
      }),
    );
    await page.waitForTimeout(700);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
