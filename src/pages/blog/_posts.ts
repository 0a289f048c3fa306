// The blog's posts as its pages, its feed and its Open Graph images see them, newest first, with their
// addresses, reading time and tags. A build publishes a post when it is not a draft and its date has come
// (a post dated in the future is scheduled: the first build on or after that day publishes it). The dev
// server also shows drafts and scheduled posts, marked, so that a marketer can see them before they go out.
import { getCollection, type CollectionEntry } from 'astro:content';
import { plainText } from '../../lib/plain-text.ts';

export type Post = CollectionEntry<'posts'>;

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
/** Addresses under /blog/ that a post's file name must not take. */
const RESERVED = new Set(['page', 'tags']);

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

export const postUrl = (post: Post) => `/blog/${post.id}/`;
export const ogImageUrl = (post: Post) => `/blog/${post.id}/og.png`;
export const tagUrl = (tag: string) => `/blog/tags/${tag}/`;
export const pageUrl = (page: number) => (page === 1 ? '/blog/' : `/blog/page/${page}/`);

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

// One formatter: toLocaleDateString builds a new one per call (most of a 1,000-post build's rendering).
const dates = new Intl.DateTimeFormat('en-IN', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
export const formatDate = (date: Date) => dates.format(date);
