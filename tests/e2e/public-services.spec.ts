// Service detail pages (/service-details/{id}) and the service 404. One test per
// file of content/services, expecting what that file holds.
import { inOrder } from '../helpers/content.ts';
import { expect, test } from './fixtures/test.ts';
import { afterIdle } from './fixtures/idle.ts';

interface ServiceFile {
  id: string;
  order: number;
  title: string;
  features: Array<{ title: string }>;
  caseStudies?: Array<{ title: string }>;
}
const SERVICES = inOrder<ServiceFile>('content/services').map(({ data }) => ({
  id: data.id,
  title: data.title,
  features: data.features.length,
  caseStudies: data.caseStudies?.length ?? 0,
}));

for (const s of SERVICES) {
  test(`${s.id}: hero, ${s.features} key features, ${s.caseStudies} case studies, Service JSON-LD`, async ({
    page,
  }) => {
    const res = await page.goto(`/service-details/${encodeURIComponent(s.id)}`);
    expect(res?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText(s.title);
    await expect(page.locator('#overview svg').first()).toBeVisible();
    await expect(page.locator('#overview p').first()).toHaveText(/.{150,}/);
    await expect(page.getByRole('heading', { name: 'Key Features', level: 2 })).toBeVisible();
    await expect(page.locator('[data-feature]')).toHaveCount(s.features);
    await expect(page.locator('[data-case-study]')).toHaveCount(s.caseStudies);
    await expect(page.getByRole('link', { name: /Explore More Services/ })).toHaveAttribute('href', '/');

    const tracks = page.locator('[data-marquee-track]');
    await expect(tracks).toHaveCount(2);
    const [first, second] = await tracks.evaluateAll((els) => els.map((el) => getComputedStyle(el).animationDirection));
    expect(first).toBe('normal');
    expect(second).toBe('reverse');

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld['@type']).toBe('Service');
    expect(ld.name).toBe(s.title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/service-details/${encodeURIComponent(s.id)}/?$`),
    );
  });
}

test('an unknown service id shows Service Not Found with status 404', async ({ page }) => {
  for (const path of ['/service-details/Nope', '/service-details/website-development%20x', '/service-details/404']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service Not Found');
    await expect(page.getByRole('link', { name: 'Back to Services' })).toHaveAttribute('href', '/');
  }
});

test('a hash scrolls to its section; no hash starts at the top', async ({ page }) => {
  // The section's top comes to rest under the sticky header (the root's scroll padding, 5rem), not merely
  // somewhere in the window: a scroll aimed at a layout that changed on the way ends off its mark.
  await page.goto('/service-details/Automation#case-studies');
  const top = () => page.locator('#case-studies').evaluate((el) => el.getBoundingClientRect().top);
  await expect.poll(top).toBeLessThanOrEqual(81);
  expect(await top()).toBeGreaterThanOrEqual(0);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  // The sections drawn only near the viewport are drawn for real above the target; the one below it waits.
  const waiting = await page.evaluate(() =>
    [...document.querySelectorAll('.later-on-page')].map((el) =>
      el.compareDocumentPosition(document.getElementById('case-studies')!) & Node.DOCUMENT_POSITION_PRECEDING
        ? 'below'
        : 'above or the target',
    ),
  );
  expect(waiting).toEqual(['below']);
  await page.goto('/service-details/Automation');
  await afterIdle(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // A hash that is no valid escape is no section: the page stays put, and its script does not fail (the
  // fixture fails the test on an uncaught error). From another page: a new hash alone would not reload it.
  await page.goto('/');
  await page.goto('/service-details/Automation#%E0');
  await afterIdle(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the closing line names the service in sentence case, acronyms kept', async ({ page }) => {
  await page.goto('/service-details/CMS%20Development');
  await expect(page.getByRole('heading', { name: 'Ready to start your CMS development project?' })).toBeVisible();
  await page.goto('/service-details/SEO%20and%20Analytics');
  await expect(page.getByRole('heading', { name: 'Ready to start your SEO and analytics project?' })).toBeVisible();
});
