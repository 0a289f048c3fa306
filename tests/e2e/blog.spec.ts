// The blog: /blog/, a post, a tag page, the feed and the sitemap, all derived from content/posts/*.md.
// Drafts (`draft: true`) must appear nowhere.
import { site } from '../../src/lib/site.ts';
import { readContentFile, readFolder } from '../helpers/content.ts';
import { expect, test } from './fixtures/test.ts';

interface PostFile {
  title: string;
  description: string;
  date: string | Date;
  author: string;
  tags: string[];
  coverAlt: string;
  draft?: boolean;
}
const slugOf = (file: string) => file.replace(/^.*\//, '').replace(/\.md$/, '');
const all = readFolder<PostFile>('content/posts').map((p) => ({ ...p, slug: slugOf(p.file) }));
// A post dated in the future is scheduled: not published yet, like a draft.
const isPublished = (p: (typeof all)[number]) => !p.data.draft && new Date(p.data.date).getTime() <= Date.now();
const published = all.filter(isPublished).sort((a, b) => +new Date(b.data.date) - +new Date(a.data.date));
const drafts = all.filter((p) => p.data.draft);
const intro = readContentFile<{ heading: string }>('content/intros/blog.md');

test('/blog/ lists every published post, newest first, with sized images lazy below the first row', async ({
  page,
}) => {
  const res = await page.goto('/blog/');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(intro.data.heading);
  const cards = page.locator('[data-post-card]');
  await expect(cards.locator('h2')).toHaveText(published.map((p) => p.data.title));
  for (const [i, post] of published.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole('link', { name: post.data.title })).toHaveAttribute('href', `/blog/${post.slug}/`);
    const img = card.locator('img');
    await expect(img).toHaveAttribute('alt', post.data.coverAlt);
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
    await expect(img).toHaveAttribute('loading', i < 3 ? 'eager' : 'lazy');
    await expect(card).toContainText(/\d+ min read/);
    for (const tag of post.data.tags)
      await expect(card.getByRole('link', { name: `#${tag}` })).toHaveAttribute('href', `/blog/tags/${tag}/`);
  }
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
  await expect(page.locator('main script')).toHaveCount(0);
});

test('a post: reading time, Article JSON-LD, its own Open Graph image, the cover first', async ({ page, request }) => {
  const post = published[0]!;
  const res = await page.goto(`/blog/${post.slug}/`);
  expect(res?.status()).toBe(200);
  await expect(page.locator('h1')).toHaveText(post.data.title);
  await expect(page.locator('[data-post-meta]')).toContainText(`By ${post.data.author}`);
  const minutes = Number((await page.locator('[data-reading-time]').textContent())?.match(/^(\d+) min read$/)?.[1]);
  const words = ((await page.locator('.post').textContent()) ?? '').split(/\s+/).filter(Boolean).length;
  expect(minutes).toBe(Math.max(1, Math.round(words / 200)));

  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(ld).toMatchObject({
    '@type': 'BlogPosting',
    headline: post.data.title,
    description: post.data.description,
    author: { '@type': 'Person', name: post.data.author },
    publisher: { '@type': 'Organization', name: site.name },
  });
  expect(new Date(ld.datePublished).toISOString().slice(0, 10)).toBe(
    new Date(post.data.date).toISOString().slice(0, 10),
  );
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute('content', ld.datePublished);

  const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(new URL(ogImage!).pathname).toBe(`/blog/${post.slug}/og.png`);
  expect(ld.image).toBe(ogImage);
  const png = await request.get(new URL(ogImage!).pathname);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  const bytes = await png.body();
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);

  await expect(page.locator('main img').first()).toHaveAttribute('fetchpriority', 'high');
});

test('each post renders its Markdown: headings, lists, highlighted code, images sized and lazy', async ({ page }) => {
  for (const post of published) {
    await page.goto(`/blog/${post.slug}/`);
    const body = page.locator('.post');
    const count = (re: RegExp) => post.body.match(re)?.length ?? 0;
    await expect(body.locator('h2'), post.file).toHaveCount(count(/^## /gm));
    await expect(body.locator('ul > li, ol > li'), post.file).toHaveCount(count(/^(- |\d+\. )/gm));
    await expect(body.locator('pre'), post.file).toHaveCount(count(/^```\w+$/gm));
    if (count(/^```\w+$/gm)) await expect(body.locator('pre code .token').first()).toBeVisible();
    const images = body.locator('img');
    await expect(images, post.file).toHaveCount(count(/^!\[/gm));
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute('loading', 'lazy');
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
      await expect(img).toHaveAttribute('alt', /.{10,}/);
    }
  }
});

test('a tag page lists exactly the posts with that tag', async ({ page }) => {
  const tag = published[0]!.data.tags[0]!;
  const res = await page.goto(`/blog/tags/${tag}/`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#${tag}`);
  const titles = published.filter((p) => p.data.tags.includes(tag)).map((p) => p.data.title);
  await expect(page.locator('[data-post-card] h2')).toHaveText(titles);
});

test('/rss.xml is RSS 2.0 with one item per published post, newest first, and no draft', async ({ page, request }) => {
  const res = await request.get('/rss.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/xml/);
  const xml = await res.text();
  await page.goto('/blog/');
  const feed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const channel = doc.querySelector('rss > channel');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      version: doc.documentElement.getAttribute('version'),
      root: doc.documentElement.nodeName,
      channel: ['title', 'link', 'description'].map((n) => channel?.querySelector(`:scope > ${n}`)?.textContent ?? ''),
      items: [...doc.querySelectorAll('rss > channel > item')].map((item) => ({
        title: item.querySelector('title')?.textContent,
        link: item.querySelector('link')?.textContent,
        guid: item.querySelector('guid')?.textContent,
        pubDate: item.querySelector('pubDate')?.textContent ?? '',
        description: item.querySelector('description')?.textContent,
      })),
    };
  }, xml);
  expect(feed.error).toBeNull();
  expect([feed.root, feed.version]).toEqual(['rss', '2.0']);
  for (const value of feed.channel) expect(value.length).toBeGreaterThan(0);
  expect(feed.items.map((i) => i.title)).toEqual(published.map((p) => p.data.title));
  for (const [i, item] of feed.items.entries()) {
    const post = published[i]!;
    expect(new URL(item.link!).pathname).toBe(`/blog/${post.slug}/`);
    expect(item.guid).toBe(item.link);
    expect(item.description).toBe(post.data.description);
    // RFC 822 dates, as RSS 2.0 requires.
    expect(item.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(new Date(item.pubDate).toISOString().slice(0, 10)).toBe(new Date(post.data.date).toISOString().slice(0, 10));
  }
  for (const draft of drafts) expect(xml).not.toContain(draft.data.title);
});

test('/hi/rss.xml is the Hindi feed: RSS 2.0, Hindi titles and descriptions, links to the Hindi posts', async ({
  page,
  request,
}) => {
  const res = await request.get('/hi/rss.xml');
  expect(res.status()).toBe(200);
  const xml = await res.text();
  await page.goto('/hi/blog/');
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    'href',
    '/hi/rss.xml',
  );
  const feed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      version: doc.documentElement.getAttribute('version'),
      language: doc.querySelector('rss > channel > language')?.textContent,
      items: [...doc.querySelectorAll('rss > channel > item')].map((item) => ({
        title: item.querySelector('title')?.textContent,
        link: item.querySelector('link')?.textContent,
        description: item.querySelector('description')?.textContent,
      })),
    };
  }, xml);
  expect(feed.error).toBeNull();
  expect(feed.version).toBe('2.0');
  expect(feed.language?.toLowerCase()).toBe('hi-in');
  // Translated posts only, newest first, in Hindi.
  const translated = readFolder<PostFile>('content/posts/hi').map((p) => ({ ...p, slug: slugOf(p.file) }));
  const expected = published.filter((p) => translated.some((t) => t.slug === p.slug));
  expect(expected.length).toBeGreaterThan(0);
  expect(feed.items.map((i) => new URL(i.link!).pathname)).toEqual(expected.map((p) => `/hi/blog/${p.slug}/`));
  for (const [i, item] of feed.items.entries()) {
    const hindi = translated.find((t) => t.slug === expected[i]!.slug)!;
    expect(item.title).toBe(hindi.data.title);
    expect(item.description).toBe(hindi.data.description);
  }
});

test('drafts have no page, no tag of their own and no place in the sitemap', async ({ page, request }) => {
  expect(drafts.length, 'the shipped content keeps one draft to prove this').toBeGreaterThan(0);
  const publishedTags = new Set(published.flatMap((p) => p.data.tags));
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  for (const draft of drafts) {
    expect((await request.get(`/blog/${draft.slug}/`)).status()).toBe(404);
    for (const tag of draft.data.tags.filter((t) => !publishedTags.has(t))) {
      expect((await request.get(`/blog/tags/${tag}/`)).status()).toBe(404);
    }
    expect(sitemap).not.toContain(`/blog/${draft.slug}/`);
  }
  await page.goto('/blog/');
  for (const draft of drafts) await expect(page.getByText(draft.data.title)).toHaveCount(0);
});

test('the sitemap lists the blog and every published post; the footer links to the blog', async ({ page, request }) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toMatch(/<loc>[^<]*\/blog\/<\/loc>/);
  for (const post of published) expect(sitemap).toContain(`/blog/${post.slug}/</loc>`);
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog\/$/);
});
