// The per-page CSS cut (src/build/page-css.ts) must change nothing a visitor sees: every element of
// a few pages, and its ::before and ::after, has the same computed style with the page's pruned sheet as with
// the whole sheet Astro wrote. Scripts are off on both sides, so that the markup alone is compared (the
// classes that scripts add are watched by the fixture's check in every other test).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';

const PAGES: Array<[url: string, file: string]> = [
  ['/', 'index.html'],
  ['/blog/', 'blog/index.html'],
  ['/service-details/Automation/', 'service-details/Automation/index.html'],
  ['/login/', 'login/index.html'],
  ['/policy/', 'policy/index.html'],
  ['/admin/activity/', 'admin/activity/index.html'],
  // Any unknown address is answered with the not-found page.
  ['/no-such-page/', '404.html'],
];

test.use({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
// Hundreds of elements, each read whole twice, on a machine busy with other work: a bound, not a measure.
test.describe.configure({ timeout: 180_000 });

/** Every element's computed style (and its pseudo-elements'), keyed by its place in the document. */
async function computedStyles(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    // Text is measured in the site's own fonts on both sides.
    await document.fonts.ready;
    // CSS animations (the marquee, a spinner) run without scripts too: each is held at its start.
    for (const a of document.getAnimations()) {
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
    // Where the island style sits differs (the postbuild moves it into the head): sheets and scripts aside.
    const shown = [...document.querySelectorAll('html, body, body *')].filter(
      (el) => !['STYLE', 'SCRIPT', 'TEMPLATE'].includes(el.tagName),
    );
    shown.forEach((el, i) => {
      const key = `${i} ${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
      const box = el.getBoundingClientRect();
      out[key] = `box:${box.x},${box.y},${box.width},${box.height};${read(getComputedStyle(el))}`;
      // A pseudo-element without content is not drawn: its content alone is compared.
      for (const pseudo of ['::before', '::after']) {
        const style = getComputedStyle(el, pseudo);
        out[`${key}${pseudo}`] = style.content === 'none' ? 'content:none' : read(style);
      }
    });
    return out;
  });
}

for (const [url, file] of PAGES) {
  test(`the pruned CSS of ${url} styles every element as the whole sheet does`, async ({ page }) => {
    const unprunedDir = process.env.E2E_UNPRUNED_DIR;
    if (!unprunedDir) throw new Error('E2E_UNPRUNED_DIR is not set: the global setup sets it when it builds');
    const whole = await readFile(path.join(unprunedDir, file), 'utf8');

    // Every file the page asks for (icon sprites, images) has arrived before anything is read.
    await page.goto(url, { waitUntil: 'networkidle' });
    const pruned = await computedStyles(page);
    expect(Object.keys(pruned).length).toBeGreaterThan(50);

    // The same address, answered with the page as Astro built it (its own meta CSP matches its own sheet).
    await page.route(`**${url}`, (route) => route.fulfill({ body: whole, contentType: 'text/html; charset=utf-8' }));
    await page.goto(url, { waitUntil: 'networkidle' });
    const full = await computedStyles(page);

    expect(Object.keys(pruned)).toEqual(Object.keys(full));
    const differences = Object.keys(full).flatMap((key) => {
      if (pruned[key] === full[key]) return [];
      const a = new Map(pruned[key]!.split(';').map((d) => [d.slice(0, d.indexOf(':')), d] as const));
      return full[key]!.split(';')
        .filter((d) => a.get(d.slice(0, d.indexOf(':'))) !== d)
        .map((d) => `${key} ${d} (pruned: ${a.get(d.slice(0, d.indexOf(':')))})`);
    });
    expect(differences).toEqual([]);
  });
}
