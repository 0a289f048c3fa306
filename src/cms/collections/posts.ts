// The blog's posts in the editor (content/posts/*.md).
import type { Collection } from '@sveltia/cms';
import { alt, body, date, image, images, localized, markdownFolder, string, strings, text } from '../fields.ts';

export const posts: Collection = {
  name: 'posts',
  label: 'Blog posts',
  label_singular: 'Blog post',
  icon: 'article',
  description: 'The blog at /blog/. The file name becomes the address: /blog/file-name/.',
  ...markdownFolder('content/posts'),
  ...images('posts'),
  create: true,
  slug: '{{slug}}',
  // Drafts are marked in the list and can be listed alone; a post dated in the future is scheduled. The
  // list ends each entry with its languages, "[en, hi]": "[en]" has no translation yet.
  summary: "{{draft | ternary('[Draft] ', '')}}{{title}} ({{date}}) [{{locales}}]",
  view_filters: [{ label: 'Drafts', field: 'draft', pattern: true }],
  sortable_fields: ['date', 'title'],
  i18n: true,
  fields: localized(
    ['title', 'description', 'author', 'coverAlt'],
    [
      string('title', 'Title', 'Under 90 characters, e.g. "Five ways to make your website load faster".'),
      text(
        'description',
        'Summary',
        'One or two sentences for the listing, search results and the feed. Under 200 characters.',
      ),
      date(
        'date',
        'Published on',
        'The date shown on the post, e.g. 2026-03-12. A date in the future schedules the post: it goes out with the first build on that day.',
      ),
      date('updated', 'Updated on', 'Only after a real change to the post.', { required: false }),
      string('author', 'Author', 'e.g. "Priya Raman".'),
      strings('tags', ['Tags', 'Tag'], 'Lower case with hyphens, e.g. "web-performance". Each tag gets its own page.', {
        pattern: ['^[a-z0-9]+(-[a-z0-9]+)*$', 'Lower case letters, digits and single hyphens'],
      }),
      image('cover', 'Cover image', '1600 × 1000 pixels is ideal.'),
      alt('coverAlt'),
      {
        name: 'draft',
        label: 'Draft',
        hint: 'A draft is not published anywhere; `npm run dev` shows it, marked "Draft".',
        widget: 'boolean',
        default: false,
        required: false,
      },
      body('Post', 'Headings (##), lists, code blocks and images.'),
    ],
  ),
};
