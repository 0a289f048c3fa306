// /rss.xml: the blog's feed (RSS 2.0), one item per published post, newest first.
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { intro } from '../lib/content.ts';
import { site } from '../lib/site.ts';
import { postUrl, publishedPosts } from './blog/_posts.ts';

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const GET: APIRoute = async (context) => {
  const blog = await intro('blog');
  const feedUrl = new URL('/rss.xml', context.site).href;
  return rss({
    title: `${site.name}: ${blog.data.title ?? blog.data.heading}`,
    description: blog.data.description ?? site.tagline,
    site: context.site ?? '',
    xmlns: { atom: 'http://www.w3.org/2005/Atom', dc: 'http://purl.org/dc/elements/1.1/' },
    customData: `<language>en-in</language><atom:link href="${feedUrl}" rel="self" type="application/rss+xml"/>`,
    items: (await publishedPosts()).map((post) => ({
      title: post.data.title,
      description: post.data.description,
      pubDate: post.data.date,
      link: postUrl(post),
      categories: post.data.tags,
      customData: `<dc:creator>${xml(post.data.author)}</dc:creator>`,
    })),
  });
};
