// The per-page CSS cut (src/build/page-css.ts) must change nothing a visitor sees: every element of
// a few pages, and its ::before and ::after, has the same computed style with the page's pruned sheets as
// with the whole sheet Astro wrote; and before the linked sheet arrives, every element in the first
// window, at three sizes, is already drawn as it will be. Scripts are off on both sides, so that the
// markup alone is compared (the classes that scripts add are watched by the fixture's check in every
// other test).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';

const PAGES: Array<[url: string, file: string]> = [
  ['/', 'index.html'],
  ['/blog/', 'blog/index.html'],
  ['/service-details/Automation/', 'service-details/Automation/index.html'],
  ['/service-details/Website-Development/', 'service-details/Website-Development/index.html'],
  ['/projects/', 'projects/index.html'],
  ['/contact/', 'contact/index.html'],
  ['/blog/website-speed-fixes/', 'blog/website-speed-fixes/index.html'],
  ['/login/', 'login/index.html'],
  ['/policy/', 'policy/index.html'],
  ['/admin/activity/', 'admin/activity/index.html'],
  // Any unknown address is answered with the not-found page.
  ['/no-such-page/', '404.html'],
];

test.use({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
// Hundreds of elements, each read whole twice, on a machine busy with other work: a bound, not a measure.
test.describe.configure({ timeout: 180_000 });

/**
 * Every element's computed style (and its pseudo-elements'), keyed by its place in the document; with
 * `inView`, only of the elements the window shows.
 */
async function computedStyles(page: Page, inView = false): Promise<Record<string, string>> {
  return page.evaluate(async (inView) => {
    // Text is measured in the site's own fonts on both sides.
    await document.fonts.ready;
    // CSS animations (the marquee, a spinner) run without scripts too: each is held at its start. A
    // transition is finished instead: one starts when the linked sheet restyles an element that has
    // `transition-colors`, and held at its start it would show the style from before the sheet.
    for (const a of document.getAnimations()) {
      if (a instanceof CSSTransition) {
        a.finish();
        continue;
      }
      a.pause();
      a.currentTime = 0;
    }
    const out: Record<string, string> = {};
    // Custom properties are not drawn: what they do shows in the properties that read them (the cut
    // drops those that nothing reads). Margins are compared through the boxes below: Chromium sometimes
    // reports an auto margin it has laid out (mx-auto) as 0px, on either side of the comparison.
    const read = (style: CSSStyleDeclaration) =>
      Array.from(style)
        .filter((prop) => !prop.startsWith('--') && !prop.startsWith('margin'))
        .map((prop) => `${prop}:${style.getPropertyValue(prop)}`)
        .join(';');
    // Where the island style sits differs (the postbuild moves it into the head), and the pruned page links
    // its whole sheet: sheets and scripts aside.
    const shown = [...document.querySelectorAll('html, body, body *')].filter(
      (el) => !['STYLE', 'LINK', 'NOSCRIPT', 'SCRIPT', 'TEMPLATE'].includes(el.tagName),
    );
    shown.forEach((el, i) => {
      const key = `${i} ${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
      const box = el.getBoundingClientRect();
      const visible = box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
      if (inView && !visible) return;
      // An element that runs on past the window (<body>, a long article) is as tall as its content below,
      // which the linked sheet styles: in the window it is compared without its height.
      const runsOn = inView && box.bottom > window.innerHeight;
      const style = read(getComputedStyle(el));
      out[key] = runsOn
        ? `box:${box.x},${box.y},${box.width};${style.replace(/(^|;)(height|block-size|grid-template-rows|[\w-]+-origin):[^;]*/g, '')}`
        : `box:${box.x},${box.y},${box.width},${box.height};${style}`;
      // A pseudo-element without content is not drawn: its content alone is compared.
      for (const pseudo of ['::before', '::after']) {
        const style = getComputedStyle(el, pseudo);
        out[`${key}${pseudo}`] = style.content === 'none' ? 'content:none' : read(style);
      }
    });
    return out;
  }, inView);
}

/** The keys whose styles differ, each with the differing properties. */
function differences(ours: Record<string, string>, theirs: Record<string, string>): string[] {
  return Object.keys(theirs).flatMap((key) => {
    if (ours[key] === theirs[key]) return [];
    const a = new Map(ours[key]!.split(';').map((d) => [d.slice(0, d.indexOf(':')), d] as const));
    return theirs[key]!.split(';')
      .filter((d) => a.get(d.slice(0, d.indexOf(':'))) !== d)
      .map((d) => `${key} ${d} (pruned: ${a.get(d.slice(0, d.indexOf(':')))})`);
  });
}

/** The page as Astro built it, whole sheet inline (its own meta CSP matches its own sheet). */
async function wholeSheetPage(page: Page, url: string, file: string) {
  const unprunedDir = process.env.E2E_UNPRUNED_DIR;
  if (!unprunedDir) throw new Error('E2E_UNPRUNED_DIR is not set: the global setup sets it when it builds');
  const whole = await readFile(path.join(unprunedDir, file), 'utf8');
  await page.route(`**${url}`, (route) => route.fulfill({ body: whole, contentType: 'text/html; charset=utf-8' }));
}

for (const [url, file] of PAGES) {
  test(`the pruned CSS of ${url} styles every element as the whole sheet does`, async ({ page }) => {
    // Every file the page asks for (the linked sheet, icon sprites, images) has arrived before anything is read.
    await page.goto(url, { waitUntil: 'networkidle' });
    const pruned = await computedStyles(page);
    expect(Object.keys(pruned).length).toBeGreaterThan(50);

    await wholeSheetPage(page, url, file);
    await page.goto(url, { waitUntil: 'networkidle' });
    const full = await computedStyles(page);

    expect(Object.keys(pruned)).toEqual(Object.keys(full));
    expect(differences(pruned, full)).toEqual([]);
  });
}

const WINDOWS = [
  { width: 1920, height: 1200 },
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

for (const [url, file] of PAGES) {
  test(`the first window of ${url} is drawn whole before the page's linked sheet arrives`, async ({ page }) => {
    for (const size of WINDOWS) {
      await page.setViewportSize(size);
      // The linked sheet never arrives: the inline one alone draws the page.
      await page.route('**/_astro/page.*.css', (route) => route.abort());
      await page.goto(url, { waitUntil: 'networkidle' });
      const first = await computedStyles(page, true);
      await page.unrouteAll();

      await wholeSheetPage(page, url, file);
      await page.goto(url, { waitUntil: 'networkidle' });
      const full = await computedStyles(page, true);
      await page.unrouteAll();

      expect(Object.keys(full).length, `${size.width}×${size.height}`).toBeGreaterThan(10);
      expect(Object.keys(first), `${size.width}×${size.height}`).toEqual(Object.keys(full));
      expect(differences(first, full), `${size.width}×${size.height}`).toEqual([]);
    }
  });
}

test.describe('with scripts', () => {
  test.use({ javaScriptEnabled: true });

  test("the page's whole sheet comes as a print sheet, and the layout's script turns it on for the screen", async ({
    page,
  }) => {
    const footerBackground = () => page.locator('body > footer').evaluate((el) => getComputedStyle(el).backgroundColor);
    // Without the sheet, the landing page's footer (below its first screen) is not styled.
    await page.route('**/_astro/page.*.css', (route) => route.abort());
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(await footerBackground()).toBe('rgba(0, 0, 0, 0)');
    await page.unrouteAll();

    await page.goto('/', { waitUntil: 'networkidle' });
    const sheet = page.locator('link[rel="stylesheet"][href^="/_astro/page."]').first();
    await expect(sheet).toHaveAttribute('media', 'all');
    await expect.poll(footerBackground).not.toBe('rgba(0, 0, 0, 0)');
  });
});
