// The copy of the pages in the editor: page and section headings (content/intros/*.md), the privacy
// policy and the terms and legal notice below it, and the landing page's top and About section
// (content/home/*.md).
import type { Collection, CollectionFile } from '@sveltia/cms';
import { body, date, icon, list, localized, markdownFolder, object, seo, string, text } from '../fields.ts';

export const intros: Collection = {
  name: 'intros',
  label: 'Page headings',
  label_singular: 'Page heading',
  icon: 'title',
  description:
    'The heading and opening paragraph of each page or section, the search title of pages, and the label of their button or link.',
  ...markdownFolder('content/intros'),
  create: false,
  delete: false,
  identifier_field: 'heading',
  summary: '{{heading}} [{{locales}}]',
  i18n: true,
  fields: localized(
    ['title', 'description', 'eyebrow', 'heading', 'action'],
    [
      ...seo(false),
      string('eyebrow', 'Small label above', 'e.g. "Portfolio".', { required: false }),
      string('heading', 'Heading', 'e.g. "Our Projects".'),
      string(
        'action',
        'Button or link label',
        'Where the page has one, e.g. "View Project" on each project card; leave it as it is where it exists.',
        { required: false },
      ),
      body('Opening paragraph', 'One or two sentences under the heading.'),
    ],
  ),
};

export const policy: Collection = {
  name: 'policy',
  label: 'Privacy policy',
  icon: 'policy',
  ...markdownFolder('content/policy'),
  create: false,
  summary: '{{title}} [{{locales}}]',
  delete: false,
  i18n: true,
  fields: localized(
    ['title', 'description', 'lastUpdatedLabel', 'contentsHeading', 'contactPrompt'],
    [
      string('title', 'Title', 'e.g. "Privacy Policy".'),
      text('description', 'Search description', 'Under 200 characters.'),
      date('lastUpdated', 'Last updated', 'e.g. 2025-06-19.'),
      string('lastUpdatedLabel', 'Date label', 'Printed before the date, e.g. "Last updated".'),
      string('contentsHeading', 'Contents heading', 'Above the list of sections, e.g. "Contents".'),
      string('contactPrompt', 'Contact line', 'Above the e-mail address, e.g. "Questions about your data?".'),
      body('Policy', 'Each "## " heading becomes an entry of the contents list.'),
    ],
  ),
};

export const policySections: Collection = {
  name: 'policySections',
  label: 'Terms and legal notice',
  label_singular: 'Policy page section',
  icon: 'gavel',
  description:
    'The sections below the privacy policy on the same page: the terms of service (/policy/#terms) and the company details (/policy/#legal), where the footer links.',
  ...markdownFolder('content/policy-sections'),
  create: false,
  summary: '{{title}} [{{locales}}]',
  delete: false,
  i18n: true,
  fields: localized(
    ['title'],
    [
      string('title', 'Heading', 'e.g. "Terms of Service".'),
      body('Text', 'Start its parts with "### " headings (the heading above is the section\'s own).'),
    ],
  ),
};

export const hero: CollectionFile = {
  name: 'hero',
  label: 'Landing page: top',
  file: 'content/home/{{locale}}/hero.md',
  format: 'frontmatter',
  i18n: true,
  fields: localized(
    ['title', 'description', 'badgeTag', 'badge', 'headline', 'action', 'secondaryAction', 'stats'],
    [
      ...seo(true),
      string('badgeTag', 'Badge tag', 'The small tag before the badge text, e.g. "New".'),
      string(
        'badge',
        'Badge',
        'The link to the SEO app above the headline, e.g. "AI SEO tool: audit your site in minutes".',
      ),
      string('headline', 'Headline', 'The biggest text of the site.'),
      string('action', 'Main button', 'Opens the Try Now page, e.g. "Start Free Trial".'),
      string('secondaryAction', 'Second button', 'Goes to the contact form, e.g. "Book a Call".'),
      list(
        'stats',
        ['Figures', 'Figure'],
        [string('label', 'Label', 'e.g. "Projects delivered".'), string('value', 'Value', 'e.g. "150+".')],
      ),
      body('Line under the headline', 'One or two sentences.'),
    ],
  ),
};

export const about: CollectionFile = {
  name: 'about',
  label: 'Landing page: About',
  file: 'content/home/{{locale}}/about.md',
  format: 'frontmatter',
  i18n: true,
  fields: localized(
    ['eyebrow', 'heading', 'highlight', 'points', 'action', 'secondaryAction'],
    [
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
      string('action', 'Main button', 'Goes to the contact form, e.g. "Request a Demo".'),
      string('secondaryAction', 'Second button', 'e.g. "View Success Stories".'),
      body('Paragraph', 'The text under the heading.'),
    ],
  ),
};
