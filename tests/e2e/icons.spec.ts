// Every icon is drawn: on every page of the sitemap (both languages) and every account screen in both
// languages, signed out and signed in, each shown <svg><use> draws something (the content it refers to
// has a box). An icon whose sprite file the browser cannot read (a file that is not well-formed XML)
// draws nothing, and is named here with its page and sprite file.
import type { Page } from '@playwright/test';
import { LOCALES, localePath } from '../../src/i18n/locales.ts';
import { createAccount, useToken } from './fixtures/accounts.ts';
import { ACCOUNT } from './fixtures/pages.ts';
import { expect, hydrated, test } from './fixtures/test.ts';

const SIGNED_IN = ['/userdashboard', '/account'];

/** The pages the sitemap lists, as paths on the server under test. */
async function sitemapPaths(page: Page): Promise<string[]> {
  const index = await (await page.request.get('/sitemap-index.xml')).text();
  const paths: string[] = [];
  for (const [, sitemap] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const body = await (await page.request.get(new URL(sitemap!).pathname)).text();
    for (const [, loc] of body.matchAll(/<loc>([^<]+)<\/loc>/g)) paths.push(new URL(loc!).pathname);
  }
  return paths;
}

/**
 * The page's shown icons drawn from a <use> that draw nothing, as "file: n of m icons draw nothing" per
 * file they refer to (the page itself for an icon of its own), once every file has arrived and a frame
 * has been drawn since.
 */
async function blankIcons(page: Page): Promise<string[]> {
  await hydrated(page);
  const path = decodeURI(new URL(page.url()).pathname);
  const counts = await page.evaluate(async () => {
    const uses = [...document.querySelectorAll<SVGUseElement>('svg use')].filter(
      (use) => use.closest('svg')!.getClientRects().length > 0,
    );
    const fileOf = (use: SVGUseElement) => use.href.baseVal.split('#')[0] || 'the page';
    // Each file has arrived: the browser lists a resource once its response is complete (a sprite under
    // the address of the first icon drawn from it, its fragment included).
    const arrived = (file: string) =>
      performance.getEntriesByType('resource').some((e) => e.name.split('#')[0] === new URL(file, location.href).href);
    for (const file of new Set(uses.map(fileOf).filter((file) => file !== 'the page')))
      while (!arrived(file)) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const counts: Record<string, { blank: number; all: number }> = {};
    for (const use of uses) {
      const box = use.getBBox();
      counts[fileOf(use)] ??= { blank: 0, all: 0 };
      const count = counts[fileOf(use)]!;
      count.all++;
      if (box.width === 0 || box.height === 0) count.blank++;
    }
    return counts;
  });
  return Object.entries(counts)
    .filter(([, { blank }]) => blank > 0)
    .map(([file, { blank, all }]) => `${path}: ${file}: ${blank} of ${all} icons draw nothing`);
}

test.describe.configure({ timeout: 180_000 });

test('every icon of every page of the sitemap and of the signed-out account screens is drawn', async ({ page }) => {
  const paths = await sitemapPaths(page);
  // The site has dozens of pages in each language; fewer means the walk missed them.
  expect(paths.length).toBeGreaterThanOrEqual(30);
  for (const locale of LOCALES) expect(paths.some((p) => localePath(p, locale) === p && p !== '/')).toBe(true);
  const account = LOCALES.flatMap((locale) => ACCOUNT.map((path) => localePath(path, locale)));
  const blank: string[] = [];
  let icons = 0;
  for (const path of [...paths, ...account]) {
    await page.goto(path);
    icons += await page.locator('svg use').count();
    blank.push(...(await blankIcons(page)));
  }
  // Most pages draw icons from a sprite; none at all means the walk judged nothing.
  expect(icons).toBeGreaterThan(paths.length);
  expect(blank).toEqual([]);
});

test('every icon of the signed-in account screens is drawn, in both languages', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, 'icons');
  await useToken(page, account.token);
  const blank: string[] = [];
  for (const path of LOCALES.flatMap((locale) => SIGNED_IN.map((p) => localePath(p, locale)))) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    blank.push(...(await blankIcons(page)));
  }
  expect(blank).toEqual([]);
});
