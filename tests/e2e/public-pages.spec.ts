// Projects, policy, Try Now, contact, the not-found page, inner navigation, case redirects and the
// search-engine files. Counts and copy come from content/ (see tests/helpers/content.ts);
// the specification's own figures are checked by tests/spec/spec-conformance.test.ts.
import { UI } from '../../src/i18n/hi/ui.ts';
import { LOCALES, localePath } from '../../src/i18n/locales.ts';
import { TIMINGS } from '../../src/lib/constants.ts';
import { site } from '../../src/lib/site.ts';
import { inOrder, readContentFile } from '../helpers/content.ts';
import { expect, test } from './fixtures/test.ts';

const projects = inOrder<{ order: number; title: string }>('content/projects');
const policy = readContentFile('content/policy/privacy-policy.md');

test('projects: a card per project file in order, the MORE card last, staggered 0.1 s', async ({ page }) => {
  const res = await page.goto('/projects');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    readContentFile<{ heading: string }>('content/intros/projects.md').data.heading,
  );
  const cards = page.locator('[data-project-card]');
  await expect(cards.locator('h2')).toHaveText(projects.map((p) => p.data.title));
  for (const card of await cards.all()) {
    await expect(card.locator('img')).toHaveAttribute('alt', /.+/);
    await expect(card.locator('img')).toHaveAttribute('src', /\.webp/);
    await expect(card.locator('h2')).toHaveText(/.+/);
    await expect(card.locator('[data-category]')).toHaveText(/.+/);
    expect(await card.getByRole('list', { name: 'Technologies' }).getByRole('listitem').count()).toBeGreaterThan(0);
  }
  await expect(cards.last().locator('h2')).toHaveText(projects.at(-1)!.data.title);
  const viewLinks = page.getByRole('link', { name: /View Project/ });
  expect(await viewLinks.count()).toBeGreaterThan(0);
  for (const link of await viewLinks.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  // Seen together (a tall window), the cards fade in 0.1 s apart.
  await page.setViewportSize({ width: 1280, height: 2000 });
  await page.reload();
  await expect(cards.last()).toHaveClass(/\bactive\b/);
  const delays = await cards.evaluateAll((els) => els.map((el) => getComputedStyle(el).transitionDelay.split(',')[0]));
  expect(delays).toEqual(
    projects.map(
      (_, i) => `${Math.round(Math.min(i, TIMINGS.revealStaggerMaxSteps) * TIMINGS.projectCardStaggerS * 10) / 10}s`,
    ),
  );
});

test('projects: the stagger is bounded, so the 200th card waits no longer than the sixth', async ({ page }) => {
  // The real page with its cards repeated until there are at least 200.
  await page.route('**/projects', async (route) => {
    const res = await route.fetch();
    const html = await res.text();
    const cards = /<li class="reveal[\s\S]*<\/li>(?=\s*<\/ul>\s*<\/section>)/.exec(html)![0];
    const repeat = Math.ceil(200 / (cards.match(/data-project-card/g) ?? []).length);
    await route.fulfill({ response: res, body: html.replace(cards, cards.repeat(repeat)) });
  });
  await page.setViewportSize({ width: 1280, height: 2000 });
  await page.goto('/projects');
  const cards = page.locator('[data-project-card]');
  await expect(cards.nth(199)).toBeAttached();
  const delaysMs = () =>
    cards.evaluateAll((els) => els.map((el) => Math.round(parseFloat(getComputedStyle(el).transitionDelay) * 1000)));
  // The first cards in view keep the 0.1 s step.
  await expect(cards.nth(4)).toHaveClass(/\bactive\b/);
  expect((await delaysMs()).slice(0, 5)).toEqual([0, 100, 200, 300, 400]);
  // Scrolled to the end: every card revealed within half a second of coming into view.
  // In one call: each call of a test records a snapshot of this long page.
  await page.evaluate(async () => {
    while (window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 10) {
      window.scrollBy(0, 1500);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  await expect(cards.last()).toHaveClass(/\bactive\b/);
  const delays = await delaysMs();
  expect(Math.max(...delays)).toBeLessThanOrEqual(500);
  expect(Math.min(...delays)).toBe(0);
});

// The policy's text is laid out block by block as it nears the window (a block's stand-in height is not
// its own), and the header is sticky: a heading reached by a link must still come to rest just under the
// header.
test('policy: a contents entry, and a link from another page, bring the heading to rest under the header', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const top = (id: string) => page.locator(`h2[id="${id}"]`).evaluate((el) => el.getBoundingClientRect().top);
  await page.goto('/hi/policy/#legal');
  const header = await page.locator('[data-header]').evaluate((el) => el.getBoundingClientRect().bottom);
  await expect.poll(() => top('legal')).toBeLessThanOrEqual(81);
  expect(await top('legal')).toBeGreaterThanOrEqual(header);
  const last = page.locator('[data-policy-contents] a').last();
  const id = decodeURIComponent((await last.getAttribute('href'))!.slice(1));
  await page.evaluate(() => window.scrollTo(0, 0));
  await last.click();
  await expect.poll(() => top(id)).toBeLessThanOrEqual(81);
  expect(await top(id)).toBeGreaterThanOrEqual(header);
});

// Each block of the policy's text is laid out as it nears the window, and a block so laid out keeps its
// children's margins inside it: scrolled through, every element stands where the text laid out whole puts it.
test('policy: laid out block by block as the visitor scrolls, every element stands where the whole text puts it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/hi/policy/');
  const blocks = page.locator('.policy > :not(section), .policy > section > *');
  const lastItem = page.locator('.policy ul').last().locator('li').first();
  const laidOut = () => lastItem.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
  // At the top of the page, the last list waits.
  expect(await laidOut()).toBe(false);
  for (const block of await blocks.all()) await block.scrollIntoViewIfNeeded();
  expect(await laidOut()).toBe(true);
  const places = () =>
    page.locator('.policy *').evaluateAll((els) =>
      els.map((el) => {
        const box = el.getBoundingClientRect();
        return `${el.tagName} ${box.x} ${box.y + window.scrollY} ${box.width} ${box.height}`;
      }),
    );
  const inBlocks = await places();
  expect(inBlocks.length).toBeGreaterThan(100);
  await blocks.evaluateAll((els) => {
    for (const el of els) (el as HTMLElement).style.contentVisibility = 'visible';
  });
  expect(await places()).toEqual(inBlocks);
});

test('policy: a contents entry per section, date, e-mail and every list item', async ({ page }) => {
  const res = await page.goto('/policy/');
  expect(res?.status()).toBe(200);
  const contents = page.locator('[data-policy-contents] a');
  const sections = [...policy.body.matchAll(/^## (.+)$/gm)].map((m) => m[1]!);
  await expect(contents).toHaveText(sections.map((s) => new RegExp(`${s}$`)));
  for (const link of await contents.all()) {
    const target = (await link.getAttribute('href'))!.slice(1);
    await expect(page.locator(`h2[id="${target}"]`)).toHaveCount(1);
  }
  const updated = new Date(policy.data.lastUpdated as string | Date).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByText(`Last updated ${updated}`)).toBeVisible();
  await expect(page.getByRole('link', { name: site.email }).first()).toHaveAttribute('href', `mailto:${site.email}`);
  // The terms and the legal notice follow the policy, each under its heading at #<file name>, with an
  // entry below the contents; the legal notice names the company as content/site.json does.
  for (const id of ['terms', 'legal']) {
    const { data } = readContentFile<{ title: string }>(`content/policy-sections/${id}.md`);
    await expect(page.locator(`h2[id="${id}"]`)).toHaveText(data.title);
    await expect(page.locator('[data-policy-more] a', { hasText: data.title })).toHaveAttribute('href', `#${id}`);
  }
  const legal = page.locator('section[aria-labelledby="legal"]');
  for (const detail of [site.legalName, site.address.street, site.email, site.phone])
    await expect(legal).toContainText(detail);
  // Every list item of the Markdown is on the page (the social login services among them).
  const items = [...policy.body.matchAll(/^- ([^*[`\n]+)$/gm)].map((m) => m[1]!.trim());
  expect(items.length).toBeGreaterThan(0);
  // The Markdown pipeline sets straight quotes and apostrophes as typographic ones.
  const typographic = (text: string) =>
    new RegExp(
      text
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/'/g, "['’]")
        .replace(/"/g, '["“”]'),
    );
  for (const item of items) {
    await expect(
      page
        .locator('article li')
        .filter({ hasText: typographic(item) })
        .first(),
    ).toBeVisible();
  }
});

test('TryNow: its heading and the SEO app card opening safely in a new tab', async ({ page }) => {
  await page.goto('/TryNow');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    readContentFile<{ heading: string }>('content/intros/try-now.md').data.heading,
  );
  const cards = page.locator('[data-app-card]');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('listitem')).toHaveText(site.seoApp.highlights);
  const open = cards.getByRole('link', { name: `Open ${site.seoApp.name}` });
  await expect(open).toHaveAttribute('href', site.seoApp.url);
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(open).toHaveAttribute('rel', 'noopener noreferrer');
});

test('contact page holds the contact form island', async ({ page }) => {
  const res = await page.goto('/contact');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    readContentFile<{ heading: string }>('content/intros/contact-page.md').data.heading,
  );
  await expect(page.locator('astro-island[component-url*="ContactForm"]')).toHaveCount(1);
});

test('unknown paths: 404 page with status 404, link home, path logged', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (m) => logged.push(m.text()));
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  await expect.poll(() => logged.some((l) => l.includes('/no/such/page'))).toBe(true);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // It has no address of its own to declare.
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  await expect(page.locator('meta[property="og:url"]')).toHaveCount(0);
});

test('the not-found pages are never answered as pages of their own', async ({ request }) => {
  for (const path of ['/404', '/404/', '/404.html', '/service-details/404/']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).not.toContain('rel="canonical"');
  }
});

test('case variants of routes redirect (301) to the spec spelling', async ({ request }) => {
  const cases: Array<[string, string]> = [
    ['/trynow', '/TryNow'],
    ['/TRYNOW', '/TryNow'],
    ['/Projects', '/projects'],
    ['/CONTACT', '/contact'],
    ['/Login', '/login'],
    ['/signup', '/Signup'],
    // The Hindi pages' spellings as well.
    ['/hi/trynow', '/hi/TryNow'],
    ['/hi/SIGNUP', '/hi/Signup'],
  ];
  for (const [from, to] of cases) {
    // The account pages come from another part of the build; check them only where they exist.
    if ((await request.get(to, { maxRedirects: 0 })).status() !== 200) continue;
    const res = await request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(new URL(res.headers().location!, 'http://x').pathname, from).toBe(to);
  }
});

test('inner pages: top navigation with the APP dropdown, and the mobile menu', async ({ page }) => {
  await page.goto('/projects');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'APP', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
  await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/#about');
  await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(nav.getByRole('link', { name: 'Try Free' })).toHaveAttribute('href', '/TryNow');
  await nav.getByRole('link', { name: 'APP', exact: true }).hover();
  await expect(nav.locator('[data-seo-app-link]')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 800 });
  const toggle = page.getByRole('button', { name: 'Menu' });
  const menu = page.locator('#mobile-menu');
  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await toggle.click();
  await menu.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact\/?$/);
});

test('search engines: robots.txt names the sitemap, which lists the public pages', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const sitemapLine = /^Sitemap: (\S+)$/m.exec(await robots.text());
  expect(sitemapLine?.[1]).toMatch(/\/sitemap-index\.xml$/);
  const index = await request.get('/sitemap-index.xml');
  expect(index.status()).toBe(200);
  const urls = await (await request.get('/sitemap-0.xml')).text();
  for (const path of [
    '/projects/',
    '/policy/',
    '/TryNow/',
    '/contact/',
    '/service-details/Mobile%20Application%20Development/',
  ]) {
    expect(urls).toContain(path);
  }
  expect(urls).not.toContain('404');
  // Each page in both languages, each entry naming both versions (hreflang), as the pages' heads do.
  const entries = [...urls.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
  const hindi = entries.filter((entry) => /<loc>[^<]*\/hi\//.test(entry));
  expect(hindi.length).toBe(entries.length / 2);
  for (const entry of entries) {
    const loc = new URL(/<loc>([^<]+)<\/loc>/.exec(entry)![1]!).pathname;
    const english = loc.replace(/^\/hi\//, '/');
    const alternates = Object.fromEntries(
      [...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [
        m[1]!.slice(0, 2),
        new URL(m[2]!).pathname,
      ]),
    );
    expect(alternates, loc).toEqual({ en: english, hi: english === '/' ? '/hi/' : `/hi${english}` });
  }
  // The signed-in screens are kept out, like /account and /admin.
  expect(await robots.text()).toMatch(/^Disallow: \/userdashboard$/m);
  expect(urls).not.toContain('userdashboard');
});

test("the Organization in the landing page's structured data has a logo of at least 112 px", async ({
  page,
  request,
}) => {
  await page.goto('/');
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  const logo = await request.get(new URL(ld.logo).pathname);
  expect(logo.status()).toBe(200);
  expect(logo.headers()['content-type']).toBe('image/png');
  const png = await logo.body();
  // A PNG's width and height are the big-endian words at bytes 16 and 20 (its IHDR chunk).
  expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(112);
  expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(112);
});

test('each public page has its own title, description, canonical and sharing tags', async ({ page }) => {
  const titles = new Set<string>();
  for (const path of [
    '/',
    '/projects',
    '/policy/',
    '/TryNow',
    '/contact',
    '/service-details/SEO%20and%20Analytics',
    '/blog/',
    '/blog/seo-before-ads/',
    '/blog/tags/seo/',
  ]) {
    await page.goto(path);
    const title = await page.title();
    expect(titles.has(title), `${path} title is unique`).toBe(false);
    titles.add(title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\//);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('h1')).toHaveCount(1);
  }
});

// The header on a 390 px phone, in each language: the brand on one line, every control inside the bar's
// height, nothing wider than the window, the colour-scheme switch named.
for (const locale of LOCALES) {
  test(`at 390 px the ${locale} header is one line, the colour-scheme switch labelled`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(localePath('/service-details/Automation', locale));
    const nav = page.locator('header nav').first();
    const layout = await nav.evaluate((el) => {
      const brand = el.querySelector('a')!;
      const text = [...brand.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())!;
      const range = document.createRange();
      range.selectNodeContents(text);
      const bar = el.getBoundingClientRect();
      const outside = [...el.children]
        .map((child) => child.getBoundingClientRect())
        .filter((box) => box.width > 0 && (box.top < bar.top || box.bottom > bar.bottom));
      return {
        brandLines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
        outside: outside.length,
        width: document.documentElement.scrollWidth,
      };
    });
    expect(layout).toEqual({ brandLines: 1, outside: 0, width: 390 });
    const label = locale === 'hi' ? UI['Colour scheme']! : 'Colour scheme';
    await expect(nav.getByRole('combobox', { name: label })).toBeVisible();
  });
}
