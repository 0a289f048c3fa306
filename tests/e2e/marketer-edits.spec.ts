// What a marketer does, end to end, on a temporary copy of the repository: add a project with a new image,
// add a feature to a service, write blog posts (enough for a second listing page, and one dated in the
// future), reword copy that every page of a kind shares (a hero button, a line of the service pages, the
// 404 page), then run `npm run check:content` as the README says, with no PostgreSQL or PgBouncer on the
// PATH, build, and find the new items on the built pages (and not the scheduled post). Edits like these
// must never break the check by themselves; a misspelt field must, naming the field.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { copyRepository } from '../helpers/content.ts';
import { pathWithoutDatabase } from '../helpers/no-database-path.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { expect, test } from './fixtures/test.ts';

const run = promisify(execFile);

let copy = '';
let server: RunningServer | undefined;
/** What `npm run check:content` printed when the copy had a misspelt field, and when it was whole. */
let broken: { code: number | undefined; output: string } | undefined;
/** The same, for a misspelt field in a Hindi translation. */
let brokenHindi: { code: number | undefined; output: string } | undefined;
let checked = '';
/** A date a year from today: a post dated then is scheduled, not published. */
const FUTURE = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

test.describe.configure({ mode: 'serial', timeout: 15 * 60_000 });

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000);
  copy = copyRepository('marketer-');

  // A new project, with an image of its own, placed before the MORE card.
  await sharp({ create: { width: 800, height: 500, channels: 3, background: '#0e7490' } })
    .webp()
    .toFile(path.join(copy, 'src/assets/projects/tea-estate.webp'));
  writeFileSync(
    path.join(copy, 'content/projects/new.md'),
    [
      '---',
      'order: 6',
      'title: Nilgiri Tea Estate',
      'category: E-commerce',
      'tags:',
      '  - Astro',
      '  - Razorpay',
      'image: ../../src/assets/projects/tea-estate.webp',
      'imageAlt: Tea estate shop with packs of green tea',
      'link: https://nilgiri-tea.example.com/',
      '---',
      '',
      'An online shop for a family tea estate: subscriptions, gift boxes and wholesale orders.',
      '',
    ].join('\n'),
  );

  // One more feature for a service, typed under its `features:` list.
  const service = path.join(copy, 'content/services/cms-development.md');
  writeFileSync(
    service,
    readFileSync(service, 'utf8').replace(
      'features:\n',
      'features:\n  - icon: languages\n    title: Multilingual content\n    description: Pages in English, Hindi and Kannada, edited side by side.\n',
    ),
  );

  // A post with a cover of its own, and three short ones so that the listing needs a second page.
  await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#7c2d12' } })
    .webp()
    .toFile(path.join(copy, 'src/assets/posts/monsoon-sale.webp'));
  writePost('new', {
    title: 'Getting your shop ready for the monsoon sale',
    date: '2026-11-15',
    tags: ['e-commerce', 'performance'],
    cover: 'monsoon-sale.webp',
    body: '## Plan the traffic\n\n- Test the checkout\n- Cache the catalogue\n\n```sh\nnpm run build\n```\n',
  });
  for (const [i, day] of ['2026-01-10', '2026-01-11', '2026-01-12'].entries()) {
    writePost(`archive-${i + 1}`, {
      title: `Notes from the archive, part ${i + 1}`,
      date: day,
      tags: ['archive'],
      cover: 'seo-before-ads.webp',
      body: 'Short notes.\n',
    });
  }

  // A post scheduled for a year from now: not published by this build.
  writePost('next-year', {
    title: 'What we will ship next year',
    date: FUTURE,
    tags: ['roadmap'],
    cover: 'seo-before-ads.webp',
    body: 'Coming soon.\n',
  });

  // Copy that lives in content/ like the rest: a button of the landing page, a line with a blank that every
  // service page fills in, and the 404 page's words.
  const hero = path.join(copy, 'content/home/hero.md');
  writeFileSync(hero, readFileSync(hero, 'utf8').replace(/^action: .*$/m, 'action: Try it for free'));
  const siteFile = path.join(copy, 'content/site.json');
  const site = JSON.parse(readFileSync(siteFile, 'utf8'));
  site.servicePage.closingHeading = 'Shall we plan your {service} project this week?';
  writeFileSync(siteFile, JSON.stringify(site, null, 2));
  const notFound = path.join(copy, 'content/intros/not-found.md');
  writeFileSync(
    notFound,
    readFileSync(notFound, 'utf8').replace(/^heading: .*$/m, 'heading: This page has gone fishing'),
  );

  const env = { ...process.env, NO_COLOR: '1', PATH: pathWithoutDatabase() };
  const noDatabase = await run('sh', ['-c', 'command -v psql postgres pg_ctl pgbouncer || true'], { env });
  expect(noDatabase.stdout.trim(), 'the PATH of this test hides every database program').toBe('');
  const check = () => run('npm', ['run', 'check:content'], { cwd: copy, env, maxBuffer: 64 * 1024 * 1024 });

  // A misspelt field first, in English and then in the Hindi translation: the check stops, naming it.
  const failing = (file: string) => {
    const misspelt = path.join(copy, file);
    const text = readFileSync(misspelt, 'utf8');
    writeFileSync(misspelt, text.replace(/^headline:/m, 'headlin:'));
    return check()
      .then(
        () => ({ code: 0, output: '' }),
        (err: { code?: number; stdout: string; stderr: string }) => ({
          code: err.code,
          output: `${err.stdout}${err.stderr}`,
        }),
      )
      .finally(() => writeFileSync(misspelt, text));
  };
  broken = await failing('content/home/hero.md');
  brokenHindi = await failing('content/home/hi/hero.md');

  checked = (await check()).stdout;
  await run('npm', ['run', 'build'], { cwd: copy, env, maxBuffer: 64 * 1024 * 1024 });
  server = await startServer({ env: { DIST_DIR: path.join(copy, 'dist'), DATA_DIR: path.join(copy, 'data') } });
});

function writePost(name: string, post: { title: string; date: string; tags: string[]; cover: string; body: string }) {
  const front = [
    '---',
    `title: ${post.title}`,
    `description: ${post.title}, in a few practical steps for small businesses.`,
    `date: ${post.date}`,
    'author: Priya Raman',
    'tags:',
    ...post.tags.map((t) => `  - ${t}`),
    `cover: ../../src/assets/posts/${post.cover}`,
    'coverAlt: Illustration for the post',
    '---',
  ];
  writeFileSync(path.join(copy, `content/posts/${name}.md`), `${front.join('\n')}\n\n${post.body}`);
}

test.afterAll(async () => {
  await server?.stop();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test('the new project is on /projects, with its optimised image, before the MORE card', async ({ page }) => {
  await page.goto(`${server!.url}/projects`);
  const cards = page.locator('[data-project-card]');
  const card = cards.filter({ hasText: 'Nilgiri Tea Estate' });
  await expect(card).toHaveCount(1);
  await expect(card.locator('img')).toHaveAttribute('alt', 'Tea estate shop with packs of green tea');
  await expect(card.locator('img')).toHaveAttribute('src', /\/_astro\/tea-estate\.[\w-]+\.webp$/);
  await expect(card).toContainText('subscriptions, gift boxes and wholesale orders');
  await expect(cards.last().locator('h2')).toHaveText('MORE');
});

test('the new feature is on the service page', async ({ page }) => {
  await page.goto(`${server!.url}/service-details/${encodeURIComponent('CMS Development')}`);
  await expect(page.locator('[data-feature]').filter({ hasText: 'Multilingual content' })).toContainText(
    'Hindi and Kannada',
  );
});

test('the new post has its page, its tag page, a place in the feed and the listing, which gains a second page', async ({
  page,
  request,
}) => {
  const url = server!.url;
  await page.goto(`${url}/blog/new/`);
  await expect(page.locator('h1')).toHaveText('Getting your shop ready for the monsoon sale');
  await expect(page.locator('main img').first()).toHaveAttribute('src', /\/_astro\/monsoon-sale\.[\w-]+\.webp$/);
  await expect(page.locator('.post pre code')).toContainText('npm run build');
  expect((await request.get(`${url}/blog/new/og.png`)).headers()['content-type']).toBe('image/png');

  await page.goto(`${url}/blog/tags/e-commerce/`);
  await expect(page.locator('[data-post-card] h2')).toHaveText(['Getting your shop ready for the monsoon sale']);
  expect(await (await request.get(`${url}/rss.xml`)).text()).toContain(
    '<title>Getting your shop ready for the monsoon sale</title>',
  );

  await page.goto(`${url}/blog/`);
  await expect(page.locator('[data-post-card]')).toHaveCount(6);
  await expect(page.locator('[data-post-card] h2').first()).toHaveText('Getting your shop ready for the monsoon sale');
  await page.getByRole('link', { name: /Older posts/ }).click();
  await expect(page).toHaveURL(/\/blog\/page\/2\/$/);
  await expect(page.locator('[data-post-card] h2')).toHaveText(['Notes from the archive, part 1']);
  await expect(page.getByRole('link', { name: /Newer posts/ })).toHaveAttribute('href', '/blog/');
});

test('the new post, not yet translated, shows in English on its Hindi page, marked so and linked from neither', async ({
  page,
  request,
}) => {
  const url = server!.url;
  const alternates = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)"/g)].map((m) => m[1]);
  const hindi = await (await request.get(`${url}/hi/blog/new/`)).text();
  expect(hindi).toContain('<html lang="hi"');
  expect(hindi).toContain('<meta name="robots" content="noindex">');
  expect(/<link rel="canonical" href="([^"]+)"/.exec(hindi)?.[1]).toMatch(/\/blog\/new\/$/);
  expect(/<link rel="canonical" href="([^"]+)"/.exec(hindi)?.[1]).not.toContain('/hi/');
  expect(alternates(hindi)).toEqual([]);
  // The English page does not point at a Hindi version that is not one; a translated post's still does.
  expect(alternates(await (await request.get(`${url}/blog/new/`)).text())).toEqual([]);
  expect(alternates(await (await request.get(`${url}/blog/website-speed-fixes/`)).text())).toEqual([
    'en',
    'hi',
    'x-default',
  ]);
  const sitemap = await (await request.get(`${url}/sitemap-0.xml`)).text();
  expect(sitemap).toContain('/blog/new/</loc>');
  expect(sitemap).not.toContain('/hi/blog/new/');
  // The reader is told, in Hindi, and the English text is marked English for screen readers.
  await page.goto(`${url}/hi/blog/new/`);
  await expect(page.locator('h1')).toHaveText('Getting your shop ready for the monsoon sale');
  await expect(page.locator('h1')).toHaveAttribute('lang', 'en');
  await expect(page.locator('[data-untranslated]')).toHaveText(/^[^a-z]*\p{Script=Devanagari}/u);
});

test('reworded copy shows where it belongs: a landing button, every service page, the 404 page', async ({ page }) => {
  const url = server!.url;
  await page.goto(`${url}/`);
  await expect(page.locator('#home').getByRole('link', { name: 'Try it for free' })).toHaveAttribute('href', '/TryNow');
  await page.goto(`${url}/service-details/Automation`);
  await expect(page.getByRole('heading', { name: 'Shall we plan your automation project this week?' })).toBeVisible();
  await page.goto(`${url}/service-details/${encodeURIComponent('CMS Development')}`);
  await expect(
    page.getByRole('heading', { name: 'Shall we plan your CMS development project this week?' }),
  ).toBeVisible();
  const missing = await page.goto(`${url}/no-such-page`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('This page has gone fishing')).toBeVisible();
});

test('npm run check:content passes with no database on the PATH, and names a misspelt field', () => {
  expect(checked).toMatch(/check:content: all good in [\d.]+ s/);
  console.log(checked.match(/check:content: .*ok in [\d.]+ s|check:content: all good in [\d.]+ s/g)?.join('\n'));
  expect(broken?.code).not.toBe(0);
  expect(broken?.output).toContain('content/home/hero.md');
  expect(broken?.output).toContain('headline: Missing');
  expect(broken?.output).toContain('headlin: Unknown field');
  // A broken translation, by file and field; a post not yet translated is a warning, not a failure.
  expect(brokenHindi?.code).not.toBe(0);
  expect(brokenHindi?.output).toMatch(/ERROR content\/home\/hi\/hero\.md: headline: Missing/);
  expect(brokenHindi?.output).toMatch(/ERROR content\/home\/hi\/hero\.md: headlin: Unknown field/);
  expect(checked).toMatch(/WARNING content\/posts\/hi\/new\.md is missing/);
});

test('a post dated in the future is not published: no page, no card, no feed item, no sitemap entry', async ({
  page,
  request,
}) => {
  const url = server!.url;
  expect((await request.get(`${url}/blog/next-year/`)).status()).toBe(404);
  await page.goto(`${url}/blog/`);
  await expect(page.locator('[data-post-card] h2').first()).toBeVisible();
  await expect(page.getByText('What we will ship next year')).toHaveCount(0);
  expect(await (await request.get(`${url}/rss.xml`)).text()).not.toContain('What we will ship next year');
  expect((await request.get(`${url}/blog/tags/roadmap/`)).status()).toBe(404);
  expect(await (await request.get(`${url}/sitemap-0.xml`)).text()).not.toContain('/blog/next-year/');
});
