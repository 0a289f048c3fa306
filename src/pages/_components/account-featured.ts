// The dashboard's featured projects, read from the `featured` collection at build time and shaped as
// the island's props (images resized here, so the island only gets URLs; the Markdown text as plain text).
import { getImage } from 'astro:assets';
import type { FeaturedProject } from '../../islands/_parts/FeaturedProjects.tsx';
import { inOrder } from '../../lib/content.ts';
import { plainText } from '../../lib/plain-text.ts';

export async function loadFeatured(): Promise<FeaturedProject[]> {
  const entries = await inOrder('featured');
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
