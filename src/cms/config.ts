// The configuration of the content editor at /cms/ (Sveltia CMS): one entry per content collection, one
// field per front-matter field, with the same rules and examples as src/lib/schemas/content.ts and
// src/lib/schemas/site.ts. tests/unit/cms-config.test.ts fails when this file and the schemas drift apart.
import type { CmsConfig, Collection, CollectionFile, Field } from '@sveltia/cms';
import { SERVICE_IDS, SOCIAL_NETWORKS } from '../lib/schemas/content-values.ts';

export interface CmsSettings {
  /** GitHub repository ("owner/name") that the editor commits to when signed in with GitHub. */
  repo: string;
  branch: string;
  /** The public site, for "view on site" links. */
  siteUrl: string;
  siteName: string;
}

type Extra = Partial<Record<'hint' | 'required' | 'default' | 'pattern', unknown>>;
const string = (name: string, label: string, hint: string, extra: Extra = {}) =>
  ({ name, label, hint, widget: 'string', ...extra }) as Field;
const text = (name: string, label: string, hint: string, extra: Extra = {}) =>
  ({ name, label, hint, widget: 'text', ...extra }) as Field;
const order = (hint: string) =>
  ({ name: 'order', label: 'Position', hint, widget: 'number', value_type: 'int', min: 1 }) as Field;
const date = (name: string, label: string, hint: string, extra: Extra = {}) =>
  ({ name, label, hint, widget: 'datetime', type: 'date', format: 'YYYY-MM-DD', ...extra }) as Field;
const image = (name: string, label: string, hint: string) => ({ name, label, hint, widget: 'image' }) as Field;
const alt = (name: string) =>
  string(
    name,
    'Image description',
    'What the image shows, for people who cannot see it, e.g. "Storefront of the RoboKits India website".',
  );
/** A list of short texts, one input per item ("Add Tag"). */
const strings = (
  name: string,
  label: [string, string],
  hint: string,
  item: Extra = {},
  extra: Record<string, unknown> = {},
) =>
  ({
    name,
    label: label[0],
    label_singular: label[1],
    hint,
    widget: 'list',
    field: { name: 'item', label: label[1], widget: 'string', ...item },
    ...extra,
  }) as Field;
const icon = (hint = 'A name from lucide.dev/icons, e.g. "gauge".') => string('icon', 'Icon', hint);
/** A list of groups of fields ("Add Key feature"). */
const list = (name: string, label: [string, string], fields: Field[], extra: Extra = {}) =>
  ({ name, label: label[0], label_singular: label[1], widget: 'list', fields, ...extra }) as Field;
const object = (name: string, label: string, fields: Field[]) => ({ name, label, widget: 'object', fields }) as Field;
/** The text under the front matter: a service's full description, a card's text, a post. */
const body = (label: string, hint: string) => ({ name: 'body', label, hint, widget: 'markdown' }) as Field;
const seo = (required: boolean) => [
  string(
    'title',
    'Search title',
    'The page title in search results and browser tabs; the company name is added. Under 70 characters.',
    { required },
  ),
  text(
    'description',
    'Search description',
    'One or two sentences under the title in search results. Under 200 characters.',
    { required },
  ),
];

/** Images live in src/assets/<folder>/ and entries point to them with a path from content/<folder>/. */
const images = (folder: string) => ({
  media_folder: `/src/assets/${folder}`,
  public_folder: `../../src/assets/${folder}`,
});
/** A folder of Markdown files with front matter. */
const markdownFolder = (folder: string) => ({ folder, extension: 'md', format: 'frontmatter' });

const posts: Collection = {
  name: 'posts',
  label: 'Blog posts',
  label_singular: 'Blog post',
  icon: 'article',
  description: 'The blog at /blog/. The file name becomes the address: /blog/file-name/.',
  ...markdownFolder('content/posts'),
  ...images('posts'),
  create: true,
  slug: '{{slug}}',
  summary: '{{title}} ({{date}})',
  sortable_fields: ['date', 'title'],
  fields: [
    string('title', 'Title', 'Under 90 characters, e.g. "Five ways to make your website load faster".'),
    text(
      'description',
      'Summary',
      'One or two sentences for the listing, search results and the feed. Under 200 characters.',
    ),
    date('date', 'Published on', 'The date shown on the post, e.g. 2026-03-12.'),
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
      hint: 'A draft is not published anywhere.',
      widget: 'boolean',
      default: false,
      required: false,
    },
    body('Post', 'Headings (##), lists, code blocks and images.'),
  ],
};

const projects: Collection = {
  name: 'projects',
  label: 'Projects',
  label_singular: 'Project',
  icon: 'work',
  description: 'The cards of /projects. The MORE card keeps position 99 so that it stays last.',
  ...markdownFolder('content/projects'),
  ...images('projects'),
  create: true,
  slug: '{{slug}}',
  summary: '{{order}}. {{title}}',
  sortable_fields: ['order', 'title'],
  fields: [
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
};

const services: Collection = {
  name: 'services',
  label: 'Services',
  label_singular: 'Service',
  icon: 'design_services',
  description: 'The six services of the landing page and their pages at /service-details/.',
  ...markdownFolder('content/services'),
  create: false,
  delete: false,
  summary: '{{order}}. {{title}}',
  sortable_fields: ['order'],
  fields: [
    {
      name: 'id',
      label: 'Id',
      hint: 'The address of the page: do not change it.',
      widget: 'select',
      options: [...SERVICE_IDS],
    },
    order("The card's place on the landing page."),
    string('title', 'Title', 'e.g. "Website Development".'),
    text('shortDescription', 'Short description', 'The landing-page card and search results. Under 200 characters.'),
    icon(),
    list(
      'features',
      ['Key features', 'Key feature'],
      [
        icon(),
        string('title', 'Title', 'e.g. "Performance by default".'),
        text('description', 'Description', 'One sentence.'),
      ],
    ),
    list(
      'caseStudies',
      ['Case studies', 'Case study'],
      [
        string('title', 'Title', 'e.g. "Invoice processing for a distributor".'),
        text('description', 'Description', 'What we did and what it changed.'),
      ],
      {
        required: false,
      },
    ),
    strings(
      'logos',
      ['Technology logos', 'Logo'],
      'At least six slugs from simpleicons.org, e.g. "react".',
      {},
      { min: 6 },
    ),
    body('Full description', 'The paragraph at the top of the service page.'),
  ],
};

const featured: Collection = {
  name: 'featured',
  label: 'Featured projects',
  label_singular: 'Featured project',
  icon: 'star',
  description: 'The cards on the user dashboard. The MORE card keeps position 99 so that it stays last.',
  ...markdownFolder('content/featured'),
  ...images('featured'),
  create: true,
  slug: '{{slug}}',
  summary: '{{order}}. {{title}}',
  fields: [
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
};

const intros: Collection = {
  name: 'intros',
  label: 'Page headings',
  label_singular: 'Page heading',
  icon: 'title',
  description: 'The heading and opening paragraph of each page or section, and the search title of pages.',
  ...markdownFolder('content/intros'),
  create: false,
  delete: false,
  identifier_field: 'heading',
  fields: [
    ...seo(false),
    string('eyebrow', 'Small label above', 'e.g. "Portfolio".', { required: false }),
    string('heading', 'Heading', 'e.g. "Our Projects".'),
    body('Opening paragraph', 'One or two sentences under the heading.'),
  ],
};

const policy: Collection = {
  name: 'policy',
  label: 'Privacy policy',
  icon: 'policy',
  ...markdownFolder('content/policy'),
  create: false,
  delete: false,
  fields: [
    string('title', 'Title', 'e.g. "Privacy Policy".'),
    text('description', 'Search description', 'Under 200 characters.'),
    date('lastUpdated', 'Last updated', 'e.g. 2025-06-19.'),
    body('Policy', 'Each "## " heading becomes an entry of the contents list.'),
  ],
};

const hero: CollectionFile = {
  name: 'hero',
  label: 'Landing page: top',
  file: 'content/home/hero.md',
  format: 'frontmatter',
  fields: [
    ...seo(true),
    string(
      'badge',
      'Badge',
      'The link to the SEO app above the headline, e.g. "AI SEO tool: audit your site in minutes".',
    ),
    string('headline', 'Headline', 'The biggest text of the site.'),
    list(
      'stats',
      ['Figures', 'Figure'],
      [string('label', 'Label', 'e.g. "Projects delivered".'), string('value', 'Value', 'e.g. "150+".')],
    ),
    body('Line under the headline', 'One or two sentences.'),
  ],
};

const about: CollectionFile = {
  name: 'about',
  label: 'Landing page: About',
  file: 'content/home/about.md',
  format: 'frontmatter',
  fields: [
    string('eyebrow', 'Small label above', 'e.g. "About us".'),
    string('heading', 'Heading', 'e.g. "A Bengaluru team that builds software you can rely on".'),
    object('highlight', 'Highlighted figure', [
      string('value', 'Figure', 'e.g. "98%".'),
      string('label', 'Label', 'e.g. "customer satisfaction".'),
      string('text', 'Rest of the sentence', 'e.g. "across our projects, measured after every delivery."'),
    ]),
    list(
      'points',
      ['Selling points', 'Selling point'],
      [
        icon('A name from lucide.dev/icons, e.g. "puzzle".'),
        string('title', 'Title', 'e.g. "Customisation".'),
        text('text', 'Text', 'One sentence.'),
      ],
    ),
    body('Paragraph', 'The text under the heading.'),
  ],
};

const site: CollectionFile = {
  name: 'site',
  label: 'Company and site',
  file: 'content/site.json',
  format: 'json',
  fields: [
    string('name', 'Company name', 'e.g. "Vyoma Labs".'),
    string('legalName', 'Legal name', 'As in the copyright line, e.g. "Vyoma Labs Technologies Pvt. Ltd.".'),
    string('tagline', 'Tagline', 'e.g. "Software and web development from Bengaluru".'),
    text('summary', 'Footer sentence', 'One sentence under the tagline in the footer.'),
    string('email', 'E-mail', 'e.g. "hello@example.com".'),
    string('phone', 'Phone', 'Digits, spaces, +, - or brackets, e.g. "+91 80 4718 2290".'),
    object('address', 'Address', [
      string('street', 'Street', 'e.g. "3rd Floor, 14 Residency Road".'),
      string('city', 'City', 'e.g. "Bengaluru".'),
      string('region', 'State', 'e.g. "Karnataka".'),
      string('postalCode', 'PIN code', 'e.g. "560025".'),
      string('country', 'Country', 'e.g. "India".'),
    ]),
    object('hours', 'Business hours', [
      string('weekdays', 'Open days', 'e.g. "Monday to Friday".'),
      string('open', 'Opens at', 'e.g. "10:00 AM".'),
      string('close', 'Closes at', 'e.g. "4:00 PM".'),
      string('closed', 'Closed days', 'e.g. "Saturday and Sunday".'),
    ]),
    object('banner', 'Announcement banner', [
      string('text', 'Text', 'One sentence.'),
      string('linkLabel', 'Link label', 'e.g. "Try it free".'),
    ]),
    object('seoApp', 'SEO app', [
      string('url', 'Address', 'Starts with https://.'),
      string('name', 'Name', 'e.g. "AI SEO Tool".'),
      string('tagline', 'Menu line', 'e.g. "Audit and optimise your site with AI".'),
      text('description', 'Card text', 'One or two sentences on the Try Now page.'),
      strings('highlights', ['Highlights', 'Highlight'], 'One per item, e.g. "Full technical SEO audit in minutes".'),
    ]),
    list(
      'social',
      ['Social networks', 'Social network'],
      [
        { name: 'network', label: 'Network', widget: 'select', options: [...SOCIAL_NETWORKS] },
        string('url', 'Address', 'Starts with https://.'),
      ],
    ),
  ],
};

export function cmsConfig(settings: CmsSettings): CmsConfig {
  return {
    load_config_file: false,
    app_title: `${settings.siteName} content`,
    site_url: settings.siteUrl,
    logo_url: '/favicon.svg',
    // GitHub sign-in goes through Netlify's OAuth provider (https://api.netlify.com/auth, the default);
    // on localhost the editor also offers "Work with Local Repository", which edits the files on disk.
    backend: { name: 'github', repo: settings.repo, branch: settings.branch, base_url: 'https://api.netlify.com' },
    // An empty optional field is left out of the file (the build refuses `link: ''`, not a missing link).
    output: { omit_empty_optional_fields: true },
    // The media library's root; each collection with images names its own folder below it.
    media_folder: 'src/assets',
    public_folder: '/src/assets',
    collections: [
      posts,
      projects,
      services,
      featured,
      intros,
      policy,
      { name: 'pages', label: 'Landing page', icon: 'home', files: [hero, about] },
      { name: 'settings', label: 'Company and site', icon: 'settings', files: [site] },
    ],
  };
}
