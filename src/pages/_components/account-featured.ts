// The dashboard's featured projects, read from the `featured` collection at build time and shaped as
// the island's props (images resized here, so the island only gets URLs).
import { getCollection } from 'astro:content';
import { getImage } from 'astro:assets';
import type { FeaturedProject } from '../../islands/_parts/FeaturedProjects.tsx';

export async function loadFeatured(): Promise<FeaturedProject[]> {
  const entries = (await getCollection('featured')).sort((a, b) => a.data.order - b.data.order);
  return Promise.all(
    entries.map(async ({ id, data }) => {
      const image = await getImage({ src: data.image, width: 800, format: 'webp' });
      return {
        id,
        title: data.title,
        description: data.description,
        badge: data.badge,
        tags: data.tags,
        image: image.src,
        imageAlt: data.imageAlt,
        link: data.link,
      };
    }),
  );
}
