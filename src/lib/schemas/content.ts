// The schemas of every content collection: the front matter of each Markdown file in content/. The text
// under the front matter (the body) is the long text of each entry. src/content.config.ts wires these to
// their folders; the CMS configuration (src/cms/collections/, wired in src/cms/config.ts) must describe
// the same fields, and tests/unit/cms-config.test.ts fails when the two drift apart.
import { z } from 'zod';
import lucide from '@iconify-json/lucide/icons.json' with { type: 'json' };
import * as simpleIcons from 'simple-icons';
import { date, fields, href, httpsUrl, list, oneOf, order, shortText, text } from './content-fields.ts';
import { SERVICE_IDS } from './content-values.ts';

/** Astro's `image()`: a path from the entry to an image file, checked and optimised at build time. */
export type ImageField<I extends z.ZodType = z.ZodType> = () => I;

const lucideIcon = (example: string) =>
  text(example).refine((name) => name in lucide.icons, {
    error: (issue) =>
      `Unknown icon "${String(issue.input)}": use a name from https://lucide.dev/icons, for example: "${example}"`,
  });
const brandLogo = text('react').refine((slug) => `si${slug.charAt(0).toUpperCase()}${slug.slice(1)}` in simpleIcons, {
  error: (issue) =>
    `Unknown logo "${String(issue.input)}": use a slug from https://simpleicons.org, for example: "react"`,
});
/** A tag becomes part of a URL (/blog/tags/seo/): letters, digits and single hyphens. */
const tag = text('seo').regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
  error: 'Write tags in lower case with hyphens instead of spaces, for example: "web-performance"',
});

export const schemas = {
  services: () =>
    fields({
      id: oneOf(SERVICE_IDS),
      order: order(1),
      title: text('Website Development'),
      shortDescription: shortText('Scalable, secure web applications and marketing sites.', 200),
      icon: lucideIcon('globe'),
      features: list(
        fields({
          icon: lucideIcon('gauge'),
          title: text('Performance by default'),
          description: text('Static-first pages that load fast.'),
        }),
        'a feature with icon, title and description',
      ),
      caseStudies: list(
        fields({
          title: text('Invoice processing for a distributor'),
          description: text('What we did and what it changed.'),
        }),
        'a case study with title and description',
      ).optional(),
      /** Technologies shown in the page's scrolling logo rows. */
      logos: list(brandLogo, 'react', 6),
    }),

  projects: <I extends z.ZodType>(image: ImageField<I>) =>
    fields({
      order: order(3),
      title: text('RoboKits India'),
      category: text('E-commerce'),
      tags: list(text('React'), 'React'),
      image: image(),
      imageAlt: text('Storefront of the RoboKits India website'),
      link: httpsUrl('https://robokits.example.com/').optional(),
    }),

  /** The featured-project cards of the user dashboard. */
  featured: <I extends z.ZodType>(image: ImageField<I>) =>
    fields({
      order: order(1),
      title: text('ShopLocal Storefront'),
      badge: text('Live demo · For sale'),
      tags: list(text('Astro'), 'Astro', 0),
      image: image(),
      imageAlt: text('ShopLocal storefront demo with product cards'),
      link: fields({ label: text('View live demo'), href: href('/contact') }),
    }),

  policy: () =>
    fields({
      title: text('Privacy Policy'),
      description: shortText('How we collect, use and protect your personal data.', 200),
      lastUpdated: date('2025-06-19'),
      /** Printed before the date: "Last updated June 19, 2025". */
      lastUpdatedLabel: text('Last updated'),
      contentsHeading: text('Contents'),
      /** Above the company's e-mail address, beside the contents. */
      contactPrompt: text('Questions about your data?'),
    }),

  /**
   * The policy page's sections after the privacy policy: terms.md and legal.md, each at /policy/#<file
   * name>, where the footer's "Terms of Service" and "Legal" links land.
   */
  policySections: () => fields({ title: text('Terms of Service') }),

  posts: <I extends z.ZodType>(image: ImageField<I>) =>
    fields({
      // 70: the longest title search results show whole (the page's <title> drops the site's name first).
      title: shortText('Five ways to make your website load faster', 70),
      description: shortText('What slows a business website down, and the fixes that matter most.', 200),
      date: date('2026-03-12'),
      updated: date('2026-04-02').optional(),
      author: text('Priya Raman'),
      tags: list(tag, 'web-performance'),
      cover: image(),
      coverAlt: text('A speedometer drawn over a web page'),
      /** Drafts are built nowhere: not listed, not in the feed, no page of their own. */
      draft: z.boolean({ error: 'Expected true or false (no quotes), for example: false' }).default(false),
    }),

  /** The landing page's hero; its body is the line under the headline. */
  hero: () =>
    fields({
      title: shortText('Software and Web Development Company in Bengaluru', 70),
      description: shortText('What the company does, in one or two sentences for search results.', 200),
      badgeTag: text('New'),
      badge: text('AI SEO tool: audit your site in minutes'),
      headline: text('Software and web development that moves your business forward'),
      action: text('Start Free Trial'),
      secondaryAction: text('Book a Call'),
      stats: list(fields({ label: text('Projects delivered'), value: text('150+') }), 'a figure with label and value'),
    }),

  /** The landing page's About section; its body is the paragraph under the heading. */
  about: () =>
    fields({
      eyebrow: text('About us'),
      heading: text('A Bengaluru team that builds software you can rely on'),
      highlight: fields({
        value: text('98%'),
        label: text('customer satisfaction'),
        text: text('across our projects.'),
      }),
      points: list(
        fields({ icon: lucideIcon('puzzle'), title: text('Customisation'), text: text('Built around how you work.') }),
        'a selling point with icon, title and text',
      ),
      action: text('Request a Demo'),
      secondaryAction: text('View Success Stories'),
    }),

  /**
   * The heading and opening paragraph (the body) of a page or section; pages add their search title, and
   * the labels of their buttons or links where they have some (each file's page decides where they go).
   */
  intros: () =>
    fields({
      title: shortText('Our Projects', 70).optional(),
      description: shortText('What visitors find on this page, in one or two sentences.', 200).optional(),
      eyebrow: text('Portfolio').optional(),
      heading: text('Our Projects'),
      action: text('View Project').optional(),
    }),
} satisfies Record<string, (image: ImageField) => z.ZodType>;

export type CollectionName = keyof typeof schemas;

/**
 * The fields a translation holds (content/<folder>/hi/<file>.md): the words a reader sees. Everything
 * else (ids, positions, icons, images, links, dates, tags) is the English file's and is shared by every
 * language, so a translation never falls out of step with it. A list of objects is translated whole (a
 * service's features carry their icons along).
 */
export const TRANSLATED = {
  services: ['title', 'shortDescription', 'features', 'caseStudies'],
  projects: ['title', 'category', 'tags', 'imageAlt'],
  featured: ['title', 'badge', 'tags', 'imageAlt', 'link'],
  policy: ['title', 'description', 'lastUpdatedLabel', 'contentsHeading', 'contactPrompt'],
  policySections: ['title'],
  posts: ['title', 'description', 'author', 'coverAlt'],
  hero: ['title', 'description', 'badgeTag', 'badge', 'headline', 'action', 'secondaryAction', 'stats'],
  about: ['eyebrow', 'heading', 'highlight', 'points', 'action', 'secondaryAction'],
  intros: ['title', 'description', 'eyebrow', 'heading', 'action'],
} as const satisfies Record<CollectionName, readonly string[]>;

/** The schema of a translation: the collection's own rules for the fields it holds, nothing else. */
export function translationSchema(name: CollectionName, image: ImageField) {
  // `fields()` is an object piped through its unknown-field check: its shape is the pipe's input's.
  const { shape } = (schemas[name](image) as unknown as z.ZodPipe<z.ZodObject>).in;
  return fields(Object.fromEntries(TRANSLATED[name].map((field) => [field, shape[field]!])));
}

/** The collection of a language's translations of `name`: `services_hi` (content/services/hi/). */
export const translationCollection = (name: CollectionName, locale: string) => `${name}_${locale}`;

/** Where each collection's files live (a folder and the files in it); every file is Markdown. */
export const SOURCES: Record<CollectionName, { folder: string; files: string }> = {
  services: { folder: 'content/services', files: '*.md' },
  projects: { folder: 'content/projects', files: '*.md' },
  featured: { folder: 'content/featured', files: '*.md' },
  policy: { folder: 'content/policy', files: '*.md' },
  policySections: { folder: 'content/policy-sections', files: '*.md' },
  posts: { folder: 'content/posts', files: '*.md' },
  hero: { folder: 'content/home', files: 'hero.md' },
  about: { folder: 'content/home', files: 'about.md' },
  intros: { folder: 'content/intros', files: '*.md' },
};
