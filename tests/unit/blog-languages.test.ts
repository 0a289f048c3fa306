// The blog in each language (src/pages/blog/_posts.ts, src/pages/rss.xml.ts): English dates and addresses
// as they always were, Hindi ones under /hi/, and one feed per language. The content collections are
// stood in for: two English posts, one of them translated into Hindi.
import { describe, expect, it, vi } from 'vitest';

const post = (id: string, date: string, title: string) => ({
  id,
  collection: 'posts',
  filePath: `content/posts/${id}.md`,
  body: 'Text.',
  data: {
    title,
    description: `About ${title}.`,
    date: new Date(date),
    author: 'Ananya Rao',
    tags: ['seo'],
    coverAlt: 'A picture',
    draft: false,
  },
});

const collections: Record<string, unknown[]> = {
  posts: [
    post('translated-post', '2026-03-12', 'Seven SEO checks'),
    post('english-only', '2026-02-01', 'Only in English & nowhere else'),
  ],
  posts_hi: [
    {
      id: 'translated-post',
      collection: 'posts_hi',
      filePath: 'content/posts/hi/translated-post.md',
      body: 'पाठ।',
      data: { title: 'सात SEO जाँचें', description: 'विज्ञापन से पहले।', author: 'अनन्या राव', coverAlt: 'एक चित्र' },
    },
  ],
  intros: [
    {
      id: 'blog',
      collection: 'intros',
      filePath: 'content/intros/blog.md',
      data: { title: 'Blog', heading: 'Notes from the workshop', description: 'Practical notes.' },
    },
  ],
  intros_hi: [
    {
      id: 'blog',
      collection: 'intros_hi',
      filePath: 'content/intros/hi/blog.md',
      data: { title: 'ब्लॉग', heading: 'कार्यशाला से', description: 'काम की बातें।' },
    },
  ],
};

vi.mock('astro:content', () => ({
  getCollection: async (name: string, filter?: (entry: unknown) => boolean) =>
    (collections[name] ?? []).filter((entry) => !filter || filter(entry)),
  getEntry: async (name: string, id: string) =>
    (collections[name] as { id: string }[] | undefined)?.find((entry) => entry.id === id),
}));

const { feedUrl, formatDate, pageUrl, postUrl, postsIn, publishedPosts, tagUrl } = await import(
  '../../src/pages/blog/_posts.ts'
);
const { GET } = await import('../../src/pages/rss.xml.ts');

const feed = async (currentLocale: string) => {
  const context = { site: new URL('https://agency.example/'), currentLocale } as unknown as Parameters<typeof GET>[0];
  return (await GET(context)).text();
};
const links = (xml: string) => [...xml.matchAll(/<item>.*?<link>(.*?)<\/link>/gs)].map((m) => m[1]);

describe("a post's date", () => {
  const date = new Date('2026-03-12');

  it('reads in English as it always did', () => {
    expect(formatDate(date)).toBe('12 March 2026');
    expect(formatDate(date, 'en')).toBe('12 March 2026');
  });

  it('reads in Hindi with the month in Devanagari', () => {
    expect(formatDate(date, 'hi')).toBe('12 मार्च 2026');
    expect(formatDate(date, 'hi')).toMatch(/[\u0900-\u097F]/);
  });
});

describe("the blog's addresses", () => {
  it('are the same in English, and under /hi/ in Hindi', () => {
    const entry = { id: 'seo-before-ads' };
    expect([postUrl(entry), tagUrl('seo'), pageUrl(1), pageUrl(2), feedUrl()]).toEqual([
      '/blog/seo-before-ads/',
      '/blog/tags/seo/',
      '/blog/',
      '/blog/page/2/',
      '/rss.xml',
    ]);
    expect([postUrl(entry, 'hi'), tagUrl('seo', 'hi'), pageUrl(1, 'hi'), pageUrl(2, 'hi'), feedUrl('hi')]).toEqual([
      '/hi/blog/seo-before-ads/',
      '/hi/blog/tags/seo/',
      '/hi/blog/',
      '/hi/blog/page/2/',
      '/hi/rss.xml',
    ]);
  });
});

describe('a post in another language', () => {
  it('is its translation laid over the English post, or the English post marked untranslated', async () => {
    const [translated, untranslated] = await postsIn(await publishedPosts(), 'hi');
    expect(translated).toMatchObject({
      id: 'translated-post',
      translated: true,
      data: { title: 'सात SEO जाँचें', author: 'अनन्या राव', tags: ['seo'] },
    });
    expect(translated!.data.date).toEqual(new Date('2026-03-12'));
    expect(untranslated).toMatchObject({
      id: 'english-only',
      translated: false,
      data: { title: 'Only in English & nowhere else' },
    });
  });

  it('is the same object each time it is asked for (its reading time is counted once)', async () => {
    const posts = await publishedPosts();
    const [first] = await postsIn(posts, 'hi');
    const [again] = await postsIn(posts, 'hi');
    expect(again).toBe(first);
  });
});

describe('the feeds', () => {
  it('/rss.xml: every post, in English, at its English address', async () => {
    const xml = await feed('en');
    expect(xml).toContain('<language>en-in</language>');
    expect(xml).toContain('<atom:link href="https://agency.example/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(links(xml)).toEqual([
      'https://agency.example/blog/translated-post/',
      'https://agency.example/blog/english-only/',
    ]);
    expect(xml).toContain('<title>Seven SEO checks</title>');
    expect(xml).toContain('Only in English &amp; nowhere else');
  });

  it('/hi/rss.xml: the translated posts only, in Hindi, under /hi/', async () => {
    const xml = await feed('hi');
    expect(xml).toContain('<language>hi-in</language>');
    expect(xml).toContain(
      '<atom:link href="https://agency.example/hi/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(xml).toMatch(/<channel><title>[^<]*: ब्लॉग<\/title>/);
    expect(links(xml)).toEqual(['https://agency.example/hi/blog/translated-post/']);
    expect(xml).toContain('<title>सात SEO जाँचें</title>');
    expect(xml).toContain('<dc:creator>अनन्या राव</dc:creator>');
    expect(xml).not.toContain('Only in English');
  });
});
