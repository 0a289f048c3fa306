// The blog's posts as its pages, its feed and its Open Graph images see them, newest first, with their
// addresses, reading time and tags. A build publishes a post when it is not a draft and its date has come
// (a post dated in the future is scheduled: the first build on or after that day publishes it). The dev
// server also shows drafts and scheduled posts, marked, so that a marketer can see them before they go out.
// Every language has the same posts at the same addresses under its prefix (/hi/blog/...): a page's
// getStaticPaths lists the English posts, and the page shows each in its own language (inLanguage).
import { getCollection, type CollectionEntry } from 'astro:content';
import { DEFAULT_LOCALE, LANGUAGES, LOCALES, localePath, type Locale } from '../../i18n/locales.ts';
import { localize, type Localized } from '../../lib/content.ts';
import { formatDateTime } from '../../lib/intl-format.ts';
import { plainText } from '../../lib/plain-text.ts';

export type Post = CollectionEntry<'posts'>;
/** A post as a page in one language shows it: `translated: false` is the English post, not yet translated. */
export type LocalizedPost = Localized<'posts'>;

export type PostState = 'published' | 'draft' | 'scheduled';

/** A post dated today is published; its date is a calendar day (midnight UTC). */
export function postState(post: Pick<Post, 'data'>, now = new Date()): PostState {
  if (post.data.draft) return 'draft';
  return post.data.date.getTime() > now.getTime() ? 'scheduled' : 'published';
}

/** Posts per listing page (/blog/, /blog/page/2/...). */
export const PAGE_SIZE = 6;
/** Words a reader gets through in a minute, for "5 min read". */
const WORDS_PER_MINUTE = 200;
/**
 * Addresses under /blog/ that a post's file name must not take: the listing's and the tags' pages, and a
 * language's code (Astro's i18n routing would take /blog/hi/ for a Hindi page).
 */
const RESERVED = new Set<string>(['page', 'tags', ...LOCALES]);

/** The posts this site shows: the published ones; in `npm run dev`, the unpublished ones too. */
export async function publishedPosts(): Promise<Post[]> {
  const posts = await getCollection('posts', (post) => import.meta.env.DEV || postState(post) === 'published');
  for (const post of posts) {
    if (RESERVED.has(post.id)) {
      throw new Error(
        `${post.filePath}: a post cannot be named "${post.id}.md" (/blog/${post.id}/ is taken): rename the file.`,
      );
    }
  }
  return posts.sort((a, b) => b.data.date.getTime() - a.data.date.getTime() || a.id.localeCompare(b.id));
}

// Each post's versions, by language: built once, so that its reading time is counted once per language.
const localized = new WeakMap<Post, Partial<Record<Locale, Promise<LocalizedPost>>>>();

/** `post` in `locale` (its translation laid over it), or the English post marked `translated: false`. */
export function inLanguage(post: Post, locale: Locale): Promise<LocalizedPost> {
  let versions = localized.get(post);
  if (!versions) {
    versions = {};
    localized.set(post, versions);
  }
  let version = versions[locale];
  if (!version) {
    version = localize(post, locale);
    versions[locale] = version;
  }
  return version;
}

/** The posts in `locale`, in the order given. */
export const postsIn = (posts: Post[], locale: Locale) => Promise.all(posts.map((post) => inLanguage(post, locale)));

/** The languages a post is written in: English, and each language it has a translation in. */
export async function postLanguages(post: Post): Promise<Locale[]> {
  const versions = await Promise.all(LOCALES.map((locale) => inLanguage(post, locale)));
  return LOCALES.filter((_, i) => versions[i]!.translated);
}

// The addresses take the page's language (English's are the same without it): postUrl(post, 'hi') is
// /hi/blog/{post}/. A post's sharing image is one for every language: the English post's.
export const postUrl = (post: Pick<Post, 'id'>, locale: Locale = DEFAULT_LOCALE) =>
  localePath(`/blog/${post.id}/`, locale);
export const ogImageUrl = (post: Pick<Post, 'id'>) => `/blog/${post.id}/og.png`;
export const tagUrl = (tag: string, locale: Locale = DEFAULT_LOCALE) => localePath(`/blog/tags/${tag}/`, locale);
export const pageUrl = (page: number, locale: Locale = DEFAULT_LOCALE) =>
  localePath(page === 1 ? '/blog/' : `/blog/page/${page}/`, locale);
/** The blog's feed in `locale`: /rss.xml, /hi/rss.xml. */
export const feedUrl = (locale: Locale = DEFAULT_LOCALE) => localePath('/rss.xml', locale);

// Asked for by every list a post appears in (the blog's pages, its tags' pages): counted once a build.
const minutes = new WeakMap<Post, number>();

export function readingMinutes(post: Post): number {
  let counted = minutes.get(post);
  if (counted === undefined) {
    const words = plainText(post.rendered?.html ?? '')
      .split(' ')
      .filter(Boolean).length;
    counted = Math.max(1, Math.round(words / WORDS_PER_MINUTE));
    minutes.set(post, counted);
  }
  return counted;
}

/** Every tag of the published posts, alphabetically. */
export const allTags = (posts: Post[]) => [...new Set(posts.flatMap((p) => p.data.tags))].sort();

// Through a kept formatter: toLocaleDateString builds a new one per call (most of a 1,000-post build's
// rendering).
const POST_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };

/** A post's date in the language's Indian convention: "12 March 2026", "12 मार्च 2026". */
export const formatDate = (date: Date, locale: Locale = DEFAULT_LOCALE): string =>
  formatDateTime(date, LANGUAGES[locale].intl, POST_DATE);
