// The landing page (/): links, behaviours, and the copy of content/ where it
// belongs. What the page must show is read from the content files, so that editing them never breaks these
// tests; the specification's own texts and counts are checked by tests/spec/spec-conformance.test.ts.
import type { Page } from '@playwright/test';
import { TIMINGS } from '../../src/lib/constants.ts';
import { site } from '../../src/lib/site.ts';
import { inOrder, readContentFile } from '../helpers/content.ts';
import { expect, test } from './fixtures/test.ts';
import { afterIdle } from './fixtures/idle.ts';

const services = inOrder<{ id: string; order: number }>('content/services');
const hero = readContentFile<{ headline: string; stats: Array<{ label: string; value: string }> }>(
  'content/home/hero.md',
);
const about = readContentFile<{ highlight: { value: string; label: string }; points: Array<{ title: string }> }>(
  'content/home/about.md',
);

const columns = (page: Page) =>
  page.locator('[data-services-grid]').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);

test('head: title, description, canonical, sharing tags and Organization JSON-LD', async ({ page }) => {
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/Software and Web Development Company/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/.+\/og\.png$/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(ld['@type']).toBe('Organization');
  expect(ld.email).toBe(site.email);
  await expect(page.locator('h1')).toHaveCount(1);
});

test('announcement banner is shown and can be dismissed', async ({ page }) => {
  await page.goto('/');
  const banner = page.locator('[data-banner]');
  await expect(banner).toContainText(site.banner.text);
  await expect(banner.getByRole('link', { name: site.banner.linkLabel })).toHaveAttribute('href', site.seoApp.url);
  await page.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(banner).toHaveCount(0);
});

test('header: navigation, App dropdown, buttons and shadow once scrolled', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const app = nav.getByRole('link', { name: 'App', exact: true });
  await expect(app).toHaveAttribute('href', '#app');
  await expect(nav.getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
  await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', '#about');
  await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '#services');
  await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '#contact');
  await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(nav.getByRole('link', { name: 'Try Free' })).toHaveAttribute('href', '/TryNow');

  const seo = nav.locator('[data-seo-app-link]');
  await expect(seo).toBeHidden();
  await app.hover();
  await expect(seo).toBeVisible();
  await expect(seo).toHaveAttribute('href', site.seoApp.url);
  await expect(seo).toHaveAttribute('target', '_blank');
  await expect(seo).toHaveAttribute('rel', /noopener/);

  const header = page.locator('[data-header]');
  await page.evaluate((y) => window.scrollTo(0, y), TIMINGS.headerShadowPx);
  await expect(header).not.toHaveAttribute('data-scrolled');
  await page.evaluate((y) => window.scrollTo(0, y + 40), TIMINGS.headerShadowPx);
  await expect(header).toHaveAttribute('data-scrolled', '');
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
});

test('hero: copy of content/home/hero.md, calls to action and delayed reveal', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('#home');
  await expect(section.locator('h1')).toHaveText(hero.data.headline);
  await expect(section).toContainText(hero.body);
  for (const stat of hero.data.stats) await expect(section.locator('dl')).toContainText(`${stat.label}${stat.value}`);
  await expect(section.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/TryNow');
  await expect(section.getByRole('link', { name: 'Book a Call' })).toHaveAttribute('href', '#contact');
  await expect(page.locator('[data-hero]')).toHaveClass(/\bactive\b/);
});

test('the globe library is not fetched for visitors who prefer reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto('/');
  await afterIdle(page); // the globe waits for idle before it asks for the library
  await expect(page.locator('[data-globe]')).not.toHaveClass(/opacity-100/);
  expect(requested.filter((u) => /cobe/i.test(u))).toEqual([]);
});

test('services: a card per service file with its Learn More link, 1/2/3 columns by width, staggered', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const cards = page.locator('[data-service-card]');
  await expect(cards).toHaveCount(services.length);
  const hrefs = await cards
    .getByRole('link', { name: /Learn More/ })
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(services.map((s) => `/service-details/${encodeURIComponent(s.data.id)}`));
  // The cards come into view together: 100 ms apart, in order (for at most five steps).
  await page.locator('[data-services-grid]').scrollIntoViewIfNeeded();
  await expect(cards.last()).toHaveClass(/\bactive\b/);
  const delays = await cards.evaluateAll((els) => els.map((el) => getComputedStyle(el).transitionDelay.split(',')[0]));
  expect(delays).toEqual(
    services.map((_, i) => `${(Math.min(i, TIMINGS.revealStaggerMaxSteps) * TIMINGS.serviceCardStaggerMs) / 1000}s`),
  );
  expect(await columns(page)).toBe(3);
  await page.setViewportSize({ width: 800, height: 900 });
  expect(await columns(page)).toBe(2);
  await page.setViewportSize({ width: 390, height: 800 });
  expect(await columns(page)).toBe(1);
});

test('sections take the active class once 10 % is visible', async ({ page }) => {
  await page.goto('/');
  const about = page.locator('#about');
  await expect(about).toHaveClass(/\breveal\b/);
  await expect(about).not.toHaveClass(/\bactive\b/);
  await about.scrollIntoViewIfNeeded();
  await expect(about).toHaveClass(/\bactive\b/);
});

test('about: the figure and selling points of content/home/about.md, and its two buttons', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('#about');
  await expect(section).toContainText(about.data.highlight.value);
  await expect(section).toContainText(about.data.highlight.label);
  await expect(section).toContainText(about.body);
  await expect(section.locator('li h3')).toHaveText(about.data.points.map((p) => p.title));
  await expect(section.getByRole('link', { name: 'Request a Demo' })).toHaveAttribute('href', '#contact');
  await expect(section.getByRole('button', { name: 'View Success Stories' })).toBeVisible();
});

test('contact section: form island, location, e-mail, phone and hours', async ({ page }) => {
  await page.goto('/');
  const contact = page.locator('#contact');
  await expect(contact.locator('astro-island[component-url*="ContactForm"]')).toHaveCount(1);
  await expect(contact).toContainText('Bengaluru, India');
  await expect(contact.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
  await expect(contact).toContainText(site.phone);
  await expect(contact).toContainText('Monday to Friday: 10:00 AM to 4:00 PM');
  await expect(contact).toContainText('Saturday and Sunday: Closed');
});

test('footer: section anchors, the blog, the legal links and the social networks', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('body > footer');
  const hrefs = {
    About: '#about',
    Services: '#services',
    Contact: '#contact',
    Blog: '/blog/',
    'Privacy Policy': '/policy/',
    'Terms of Service': '/policy/#terms',
    Security: '/policy/#security',
    Legal: '/policy/#legal',
  };
  for (const [name, href] of Object.entries(hrefs))
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  // The resources the site does not have are left out rather than linked nowhere.
  await expect(footer.locator('a[href="#"]')).toHaveCount(0);
  for (const name of ['Community', 'Webinars', 'Events'])
    await expect(footer.getByRole('link', { name, exact: true })).toHaveCount(0);
  // The four networks the site launched with must be there; a marketer may add more in content/site.json.
  const social = footer.getByRole('list', { name: 'Social networks' }).getByRole('link');
  await expect(social).toHaveCount(site.social.length);
  for (const network of ['Instagram', 'LinkedIn', 'Facebook', 'Threads']) {
    await expect(footer.getByRole('link', { name: new RegExp(`on ${network}$`) })).toHaveAttribute('rel', /noopener/);
  }
});

// The landing page's footer links its own sections; every other page's links them on /.
for (const start of ['/', '/blog/']) {
  test(`footer of ${start}: every link of the site's own opens a real page, with the element its anchor names`, async ({
    page,
    context,
  }) => {
    await page.goto(start);
    const links = await page
      .locator('body > footer a[href]')
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    const own = [...new Set(links.filter((href) => new URL(href).origin === new URL(page.url()).origin))];
    expect(own.length).toBeGreaterThanOrEqual(8);
    const target = await context.newPage();
    for (const href of own) {
      // Loaded afresh without its anchor (a move to an anchor of the page already open loads nothing).
      const { hash } = new URL(href);
      const res = await target.goto(href.replace(/#.*$/, ''));
      expect(res?.status(), href).toBe(200);
      if (hash) await expect(target.locator(`[id="${hash.slice(1)}"]`), href).toHaveCount(1);
    }
    // What is not the site's own is a social network (opened safely) or the company's e-mail address.
    for (const href of links.filter((h) => !own.includes(h)))
      expect(href, 'a link off the site').toMatch(/^(https:\/\/|mailto:)/);
  });
}

test('footer: the copyright line ends its legal name with a single full stop', async ({ page }) => {
  await page.goto('/');
  const line = page.locator('footer [data-copyright]');
  // content/site.json's legal name ends in "Ltd.": that full stop closes the name and the sentence.
  await expect(line).toHaveText(
    `© ${new Date().getFullYear()} ${site.legalName.replace(/\.$/, '')}. All rights reserved.`,
  );
  await expect(line).not.toContainText('..');
});

/** Records the options of every `window.scrollTo` call (and still scrolls), as `window.scrolls`. */
async function recordScrolls(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { scrolls: unknown[] };
    w.scrolls = [];
    const scrollTo = window.scrollTo;
    window.scrollTo = function (this: Window, ...args: unknown[]) {
      w.scrolls.push(args[0]);
      Reflect.apply(scrollTo, this, args);
    } as typeof window.scrollTo;
  });
}
const scrolls = (page: Page) => page.evaluate(() => (window as unknown as { scrolls: unknown[] }).scrolls);

// "Smoothly" is the behaviour the button asks the browser for, which holds however fast the machine
// animates it; the test then waits for the top, however long that takes.
test('back-to-top appears after 300 px and scrolls smoothly to the top', async ({ page }) => {
  await recordScrolls(page);
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Back to top' });
  await expect(button).toBeHidden();
  await page.evaluate((y) => window.scrollTo(0, y), TIMINGS.backToTopPx - 50);
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect(button).toBeVisible();
  await button.click();
  expect(await scrolls(page)).toContainEqual({ top: 0, behavior: 'smooth' });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});

test('back-to-top jumps without animation for visitors who prefer reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await recordScrolls(page);
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, 1500));
  await page.getByRole('button', { name: 'Back to top' }).click();
  expect(await scrolls(page)).toContainEqual({ top: 0, behavior: 'auto' });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('mobile: the hamburger menu opens, closes, and closes when a link is chosen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  const menu = page.locator('#mobile-menu');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' })).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeVisible();
  await toggle.click();
  await expect(menu).toBeHidden();
  await toggle.click();
  await menu.getByRole('link', { name: 'Services' }).click();
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL(/#services$/);
});

test('mobile: the open menu lies over the page and closes when a tap or the focus goes past it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  const menu = page.locator('#mobile-menu');
  const main = page.locator('main');
  const before = await main.boundingBox();
  await toggle.click();
  await expect(menu).toBeVisible();
  // Opening it moves nothing below the header.
  expect(await main.boundingBox()).toEqual(before);
  // A tap on the page below closes it (on the hero's text: the page stays where it is).
  const below = (await menu.boundingBox())!;
  await page.mouse.click(195, below.y + below.height + 20);
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/');
  // Tab past its last link: it closes, and the focus is on something the visitor can see.
  await toggle.click();
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Try Free' }).focus();
  await page.keyboard.press('Tab');
  await expect(menu).toBeHidden();
  const focused = page.locator(':focus');
  await expect(focused).not.toHaveCount(0);
  expect(await focused.evaluate((el) => el !== document.body)).toBe(true);
});
