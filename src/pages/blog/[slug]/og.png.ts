// /blog/{post}/og.png: the post's sharing image, one PNG file per published post in the build.
import type { APIRoute, GetStaticPaths } from 'astro';
import { site } from '../../../lib/site.ts';
import { ogImage } from '../_og-image.ts';
import { formatDate, publishedPosts, readingMinutes, type Post } from '../_posts.ts';

export const getStaticPaths = (async () =>
  (await publishedPosts()).map((post) => ({
    params: { slug: post.id },
    props: { post },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ post: Post }> = async ({ props: { post } }) => {
  const png = await ogImage({
    kicker: `${site.name} · Blog`,
    title: post.data.title,
    footer: `${post.data.author} · ${formatDate(post.data.date)} · ${readingMinutes(post)} min read`,
  });
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png' } });
};
