// The dashboard's featured projects, read from the `featured` collection at build time and shaped as
// the island's props (images resized here, so the island only gets URLs; the Markdown text as plain text),
// with the section's heading, claim rule and claim button from content/intros/featured.md.
import { getImage } from 'astro:assets';
import type { FeaturedProject, FeaturedSection } from '../../islands/account/FeaturedProjects.tsx';
import { inOrder, introWithAction } from '../../lib/content.ts';
import type { Locale } from '../../i18n/locales.ts';
import { plainText } from '../../lib/plain-text.ts';

/** content/intros/featured.md: the section's copy, and the dashboard page's search title and description. */
export const featuredPage = (locale: Locale) => introWithAction('featured', locale);

export async function loadFeatured(locale: Locale): Promise<FeaturedSection> {
  const page = await featuredPage(locale);
  const intro = { heading: page.data.heading, html: page.rendered?.html ?? '', action: page.action };
  return { intro, projects: await loadCards(locale) };
}

async function loadCards(locale: Locale): Promise<FeaturedProject[]> {
  const entries = await inOrder('featured', locale);
  return Promise.all(
    entries.map(async ({ id, data, rendered }) => {
      const image = await getImage({ src: data.image, width: 800, format: 'webp' });
      return {
        id,
        title: data.title,
        description: plainText(rendered?.html ?? ''),
        badge: data.badge,
        tags: data.tags,
        image: image.src,
        imageAlt: data.imageAlt,
        link: data.link,
      };
    }),
  );
}
