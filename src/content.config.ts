// Content collections: everything a marketer edits lives in content/ and is checked here. Every object
// is strict, so a missing, misspelt or wrongly typed field fails `astro sync` / `astro build` with a
// message naming the file and the field.
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import lucide from '@iconify-json/lucide/icons.json';
import * as simpleIcons from 'simple-icons';

const text = z.string().trim().min(1);

const lucideIcon = z.string().refine((name) => name in lucide.icons, {
  message: 'Unknown icon: use a name from the Lucide set (https://lucide.dev/icons)',
});
const brandLogo = z.string().refine((slug) => `si${slug.charAt(0).toUpperCase()}${slug.slice(1)}` in simpleIcons, {
  message: 'Unknown logo: use a simple-icons slug (https://simpleicons.org)',
});

/** The six service ids as the client named them, spelt exactly so (spaces included); they are the URLs' last segment. */
export const SERVICE_IDS = [
  'Website-Development',
  'Mobile Application Development',
  'CMS Development',
  'Building Projects',
  'Automation',
  'SEO and Analytics',
] as const;

const services = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/services', generateId: ({ data }) => String(data.id) }),
  schema: z.strictObject({
    id: z.enum(SERVICE_IDS),
    order: z.number().int().positive(),
    title: text,
    shortDescription: text.max(200),
    icon: lucideIcon,
    fullDescription: text,
    features: z.array(z.strictObject({ icon: lucideIcon, title: text, description: text })).min(1),
    caseStudies: z
      .array(z.strictObject({ title: text, description: text }))
      .min(1)
      .optional(),
    /** Technologies shown in the hero's logo marquee (simple-icons slugs). */
    logos: z.array(brandLogo).min(6),
  }),
});

const projects = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/projects' }),
  schema: ({ image }) =>
    z.strictObject({
      order: z.number().int().positive(),
      title: text,
      description: text,
      category: text,
      tags: z.array(text).min(1),
      image: image(),
      imageAlt: text,
      link: z.url().optional(),
    }),
});

/** The two featured-project cards of the user dashboard. */
const featured = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/featured' }),
  schema: ({ image }) =>
    z.strictObject({
      order: z.number().int().positive(),
      title: text,
      description: text,
      badge: text,
      tags: z.array(text),
      image: image(),
      imageAlt: text,
      link: z.strictObject({
        label: text,
        href: z.string().regex(/^(\/|#|https:\/\/)/, 'Must start with /, # or https://'),
      }),
    }),
});

const policy = defineCollection({
  loader: glob({ pattern: '*.md', base: './content/policy' }),
  schema: z.strictObject({
    title: text,
    description: text,
    lastUpdated: z.coerce.date(),
  }),
});

const hhmm = z.string().regex(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/, 'Use a time like "10:00 AM"');

/** content/site.json, loaded as the single entry "site". Components import the JSON directly; this checks it. */
const site = defineCollection({
  loader: file('content/site.json', { parser: (raw) => ({ site: JSON.parse(raw) }) }),
  schema: z.strictObject({
    name: text,
    legalName: text,
    tagline: text,
    email: z.email(),
    phone: z.string().regex(/^\+?[\d ()-]{7,20}$/, 'Use digits, spaces, +, - or brackets'),
    address: z.strictObject({ street: text, city: text, region: text, postalCode: text, country: text }),
    hours: z.strictObject({ weekdays: text, open: hhmm, close: hhmm, closed: text }),
    seoAppUrl: z.url({ protocol: /^https$/ }),
    announcement: text,
    social: z
      .array(
        z.strictObject({
          network: z.enum(['Instagram', 'LinkedIn', 'Facebook', 'Threads']),
          url: z.url({ protocol: /^https$/ }),
        }),
      )
      .length(4),
  }),
});

export const collections = { services, projects, featured, policy, site };
