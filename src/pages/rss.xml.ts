// /rss.xml: the blog's feed (RSS 2.0), one item per published post, newest first. One feed per language:
// /hi/rss.xml (src/pages/[locale]/rss.xml.ts) is this route again, and context.currentLocale (Astro's i18n
// routing, from the address) says which language it is written in.
//
// A language's feed lists only the posts translated into it. A feed states its language (<language>),
// and a reader subscribes to the Hindi one to read Hindi: an English post in it would be the English
// feed's item again, at an address (/hi/blog/{post}/) that only shows the English text with a notice and
// is kept out of search engines. When a translation is published, the post joins the Hindi feed as a new
// item (its link, the item's id, is new), which is what a Hindi reader wants to hear about.
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { pageLanguage } from '../i18n/page.ts';
import { DEFAULT_LOCALE, LANGUAGES } from '../i18n/locales.ts';
import { intro } from '../lib/content.ts';
import { feedUrl, postsIn, postUrl, publishedPosts } from './blog/_posts.ts';

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const GET: APIRoute = async (context) => {
  const { locale, site, path } = pageLanguage(context.currentLocale);
  const blog = await intro('blog', locale);
  const self = new URL(feedUrl(locale), context.site).href;
  const posts = (await postsIn(await publishedPosts(), locale)).filter((post) => post.translated);
  return rss({
    title: `${site.name}: ${blog.data.title ?? blog.data.heading}`,
    description: blog.data.description ?? site.tagline,
    // The channel's link: the site's home page in the feed's language.
    site: locale === DEFAULT_LOCALE ? (context.site ?? '') : new URL(path('/'), context.site).href,
    xmlns: { atom: 'http://www.w3.org/2005/Atom', dc: 'http://purl.org/dc/elements/1.1/' },
    customData: `<language>${LANGUAGES[locale].intl.toLowerCase()}</language><atom:link href="${self}" rel="self" type="application/rss+xml"/>`,
    items: posts.map((post) => ({
      title: post.data.title,
      description: post.data.description,
      pubDate: post.data.date,
      link: postUrl(post, locale),
      categories: post.data.tags,
      customData: `<dc:creator>${xml(post.data.author)}</dc:creator>`,
    })),
  });
};
