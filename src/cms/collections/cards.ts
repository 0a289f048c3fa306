// The card collections in the editor: the projects of /projects and the featured projects of the user
// dashboard (content/projects/*.md, content/featured/*.md).
import type { Collection } from '@sveltia/cms';
import { alt, body, image, images, localized, markdownFolder, object, order, string, strings } from '../fields.ts';

export const projects: Collection = {
  name: 'projects',
  label: 'Projects',
  label_singular: 'Project',
  icon: 'work',
  description: 'The cards of /projects. The MORE card keeps position 99 so that it stays last.',
  ...markdownFolder('content/projects'),
  ...images('projects'),
  create: true,
  slug: '{{slug}}',
  summary: '{{order}}. {{title}} [{{locales}}]',
  sortable_fields: ['order', 'title'],
  i18n: true,
  fields: localized(
    ['title', 'category', 'tags', 'imageAlt'],
    [
      order("The card's place on the page: 1 is first, e.g. 6 for a sixth project."),
      string('title', 'Title', 'e.g. "RoboKits India".'),
      string('category', 'Category', 'The badge on the card, e.g. "E-commerce".'),
      strings('tags', ['Technologies', 'Technology'], 'One per item, e.g. "React".'),
      image('image', 'Image', '800 × 500 pixels or larger.'),
      alt('imageAlt'),
      string('link', 'Link', 'The live site, starting with https:// (leave empty for no "View Project" button).', {
        required: false,
        pattern: ['^https://', 'Must start with https://'],
      }),
      body('Card text', 'One or two sentences.'),
    ],
  ),
};

export const featured: Collection = {
  name: 'featured',
  label: 'Featured projects',
  label_singular: 'Featured project',
  icon: 'star',
  description: 'The cards on the user dashboard. The MORE card keeps position 99 so that it stays last.',
  ...markdownFolder('content/featured'),
  ...images('featured'),
  create: true,
  slug: '{{slug}}',
  summary: '{{order}}. {{title}} [{{locales}}]',
  i18n: true,
  fields: localized(
    ['title', 'badge', 'tags', 'imageAlt', 'link'],
    [
      order("The card's place: 1 is first."),
      string('title', 'Title', 'e.g. "ShopLocal Storefront".'),
      string('badge', 'Badge', 'e.g. "Live demo · For sale".'),
      strings('tags', ['Technologies', 'Technology'], 'One per item, e.g. "Astro".', {}, { required: false }),
      image('image', 'Image', '800 × 500 pixels or larger.'),
      alt('imageAlt'),
      object('link', 'Button', [
        string('label', 'Label', 'e.g. "View live demo".'),
        string('href', 'Link', 'Starts with /, # or https://, e.g. "/contact".', {
          pattern: ['^(/|#|https://)', 'Must start with /, # or https://'],
        }),
      ]),
      body('Card text', 'Two or three sentences.'),
    ],
  ),
};
