// The site search (src/scripts/search-dialog.ts over Pagefind's index, src/build/search-index.ts), from
// the keyboard as a visitor uses it: nothing of it loads before it is asked for; `/` and Ctrl+K open it
// with focus in its field; a word of a service's body and one of a post find their pages; the arrows and
// Enter open a result; Escape closes it and focus goes back; axe finds nothing in it in either scheme.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { elements, parsePage } from '../../src/build/html.ts';
import { PAGES } from '../../src/i18n/hi/pages.ts';
import { SEARCH } from '../../src/i18n/hi/search.ts';
import { LOCALES, localePath } from '../../src/i18n/locales.ts';
import { expectAxeClean } from './fixtures/axe.ts';
import { expect, hydrated, test } from './fixtures/test.ts';

/** The longest word of a content file's body (after its front matter): one its page is found by. */
function wordOf(file: string): string {
  const body = readFileSync(file, 'utf8').split(/^---$/m).slice(2).join('---');
  return [...body.matchAll(/\b[a-z]+\b/gi)].map((m) => m[0]).sort((a, b) => b.length - a.length)[0]!;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search the site' });
const field = (page: Page) => dialog(page).getByRole('searchbox', { name: 'Search services, projects and posts' });

/** Opens `path` and the search on it with `/`, once its field has focus. */
async function openFromKeyboard(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await page.keyboard.press('/');
  await expect(field(page)).toBeFocused();
}

/** Every request the page makes, by path. */
function requests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => seen.push(new URL(r.url()).pathname));
  return seen;
}

test('nothing of the search loads before it is asked for; "/" opens it with focus in its field', async ({ page }) => {
  const seen = requests(page);
  await page.goto('/');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(seen.filter((p) => p.startsWith('/pagefind/') || p.includes('search-dialog'))).toEqual([]);

  const index = page.waitForRequest((r) => new URL(r.url()).pathname === '/pagefind/pagefind.js');
  await page.keyboard.press('/');
  await expect(dialog(page)).toBeVisible();
  await expect(field(page)).toBeFocused();
  await index;
});

test("a word of a service's body finds the service; Enter opens the first result", async ({ page, baseURL }) => {
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning' || msg.type() === 'error') warnings.push(msg.text());
  });
  const word = wordOf('content/services/automation.md');
  await page.goto('/projects');
  await hydrated(page);
  await page.keyboard.press('Control+k');
  await expect(field(page)).toBeFocused();
  await page.keyboard.type(word);
  const result = dialog(page).getByRole('link', { name: /^Automation/ });
  await expect(result).toBeVisible();
  await expect(result.locator('mark').first()).toHaveText(new RegExp(word.slice(0, 5), 'i'));
  await expect(dialog(page).getByRole('status')).toHaveText(/\d+ results? for “.+”/);
  // The worker ran the search (its CSP allows WebAssembly); it did not fall back to the page.
  expect(warnings.filter((w) => /pagefind|worker/i.test(w))).toEqual([]);

  await field(page).fill('automation');
  const first = dialog(page).getByRole('listitem').first().getByRole('link');
  await expect(first).toBeVisible();
  const href = await first.getAttribute('href');
  await field(page).press('Enter');
  await expect(page).toHaveURL(new URL(href!, baseURL).href);
});

test('a word of a post finds it; the arrows reach it; Escape closes and focus goes back to the button', async ({
  page,
}) => {
  const word = wordOf('content/posts/website-speed-fixes.md');
  await page.goto('/blog/');
  await hydrated(page);
  const button = page.getByRole('button', { name: 'Search' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(field(page)).toBeFocused();
  await page.keyboard.type(word);
  const post = dialog(page)
    .getByRole('link', { name: /website/i })
    .first();
  await expect(post).toHaveAttribute('href', '/blog/website-speed-fixes/');

  await page.keyboard.press('ArrowDown');
  await expect(dialog(page).getByRole('link').first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(field(page)).toBeFocused();
  // Tab stays in the dialog: from the last control back to the first.
  for (let i = 0; i < 20; i++) await page.keyboard.press('Tab');
  await expect(dialog(page).locator(':focus')).toHaveCount(1);

  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(button).toBeFocused();
});

for (const locale of LOCALES) {
  test(`${locale}: one Escape closes the search, from its field with a word in it; focus goes back to the button, or the page`, async ({
    page,
  }) => {
    const hindi = locale === 'hi';
    await page.goto(localePath('/projects', locale));
    await hydrated(page);
    const button = page.getByRole('button', { name: hindi ? PAGES.Search! : 'Search', exact: true });
    const searchDialog = page.getByRole('dialog', { name: hindi ? SEARCH['Search the site']! : 'Search the site' });
    const searchField = searchDialog.getByRole('searchbox');
    await button.click();
    await expect(searchField).toBeFocused();
    await page.keyboard.type('automation');
    await expect(searchDialog.getByRole('link').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(searchDialog).toBeHidden();
    await expect(button).toBeFocused();

    // Opened from the page with "/", nothing focused before: one Escape, and the page has focus again.
    await button.blur();
    await page.keyboard.press('/');
    await expect(searchField).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(searchDialog).toBeHidden();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  });
}

test('keys typed at once after "/" all reach the field, while the dialog is still on its way', async ({ page }) => {
  await page.goto('/projects');
  await hydrated(page);
  await page.keyboard.press('/');
  await page.keyboard.type('automation');
  await expect(field(page)).toHaveValue('automation');
  await expect(dialog(page).getByRole('link', { name: /^Automation/ })).toBeVisible();
});

test('when the index cannot load, the dialog says so, and the next keystroke tries again', async ({ page }) => {
  let reachable = false;
  await page.route('**/pagefind/pagefind.js*', (route) => (reachable ? route.continue() : route.abort()));
  await openFromKeyboard(page, '/');
  await page.keyboard.type('automation');
  await expect(dialog(page).getByRole('status')).toHaveText(
    'Search is not available right now. Please try again later.',
  );
  reachable = true;
  await page.keyboard.press('Backspace');
  await expect(dialog(page).getByRole('link', { name: /^Automation/ })).toBeVisible();
});

test('"/" typed in a field is a character there, not the search', async ({ page }) => {
  await page.goto('/contact');
  await hydrated(page);
  const message = page.getByLabel('Message');
  await message.fill('a');
  await message.press('/');
  await expect(message).toHaveValue('a/');
  await expect(dialog(page)).toBeHidden();
});

test('a word found nowhere says so', async ({ page }) => {
  await openFromKeyboard(page, '/');
  await page.keyboard.type('zzqxjv');
  await expect(dialog(page).getByRole('status')).toHaveText('No results for “zzqxjv”');
  await expect(dialog(page).getByRole('link')).toHaveCount(0);
  // A click outside the dialog's box, on its backdrop, closes it as Escape does.
  await page.mouse.click(5, 5);
  await expect(dialog(page)).toBeHidden();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme, reducedMotion: 'reduce' });
    test('the open dialog with results is axe-clean', async ({ page }) => {
      await openFromKeyboard(page, '/');
      await page.keyboard.type('automation');
      await expect(dialog(page).getByRole('link').first()).toBeVisible();
      await expectAxeClean(page);
    });
  });
}

test('the index holds the services, the projects, the posts and the policy, and nothing else', () => {
  const dist = process.env.E2E_BUILD_DIR!;
  // What the layout marks for Pagefind (data-pagefind-body), read through the parser.
  const searched = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name === 'index.html')
    .map((e) => path.relative(dist, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((file) => {
      const page = parsePage(readFileSync(path.join(dist, file), 'utf8'));
      return elements(page, (e) => 'data-pagefind-body' in e.attribs).length > 0;
    });
  // The pages people search for, in every language; not the not-found shells, the tag listings or a page
  // still waiting for its translation.
  const expected = [
    /^([a-z]{2}\/)?service-details\/(?!404\/)[^/]+\/index\.html$/,
    /^([a-z]{2}\/)?projects\/index\.html$/,
    /^([a-z]{2}\/)?blog\/(?!tags\/|page\/)[^/]+\/index\.html$/,
    /^([a-z]{2}\/)?policy\/index\.html$/,
  ];
  for (const file of searched)
    expect(
      expected.some((re) => re.test(file)),
      file,
    ).toBe(true);
  const entry = JSON.parse(readFileSync(path.join(dist, 'pagefind', 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, { page_count: number }>;
  };
  const services = readdirSync('content/services').filter((f) => f.endsWith('.md')).length;
  const posts = searched.filter((f) => f.startsWith('blog/')).length;
  // Each language's own pages in its own index: the English ones, and their Hindi twins under hi/.
  const english = searched.filter((f) => !f.startsWith('hi/'));
  const hindi = searched.filter((f) => f.startsWith('hi/'));
  expect(english).toHaveLength(services + 1 + posts + 1);
  expect(hindi).toHaveLength(english.length);
  expect(posts).toBeGreaterThan(0);
  expect(entry.languages.en?.page_count).toBe(english.length);
  expect(entry.languages.hi?.page_count).toBe(hindi.length);
});

/** The longest Devanagari word of a translation's body: the Hindi index finds its page by it. */
function hindiWordOf(file: string): string {
  const body = readFileSync(file, 'utf8').split(/^---$/m).slice(2).join('---');
  return [...body.matchAll(/[\p{Script=Devanagari}\p{M}]+/gu)].map((m) => m[0]).sort((a, b) => b.length - a.length)[0]!;
}

for (const [file, href] of [
  ['content/services/hi/automation.md', '/hi/service-details/Automation/'],
  ['content/posts/hi/website-speed-fixes.md', '/hi/blog/website-speed-fixes/'],
] as const) {
  test(`on a Hindi page, a Hindi word of ${file} finds its Hindi page from the keyboard`, async ({ page }) => {
    const word = hindiWordOf(file);
    await page.goto('/hi/projects');
    await hydrated(page);
    await page.keyboard.press('/');
    const hindiDialog = page.getByRole('dialog', { name: 'साइट में खोजें' });
    await expect(hindiDialog.getByRole('searchbox')).toBeFocused();
    await page.keyboard.type(word);
    const result = hindiDialog.locator(`a[href="${href}"]`);
    await expect(result).toBeVisible();
    await expect(result.locator('mark').first()).toBeVisible();
    await expect(hindiDialog.getByRole('status')).toHaveText(/परिणाम/);
    // Enter opens the first result: a page of the same language.
    await hindiDialog.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/\/hi\//);
  });
}
