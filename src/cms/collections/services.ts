// The six services in the editor (content/services/*.md): editable, never created or deleted, since each
// one's id is the address of its page.
import type { Collection } from '@sveltia/cms';
import { SERVICE_IDS } from '../../lib/schemas/content-values.ts';
import { body, icon, list, localized, markdownFolder, order, string, strings, text } from '../fields.ts';

export const services: Collection = {
  name: 'services',
  label: 'Services',
  label_singular: 'Service',
  icon: 'design_services',
  description: 'The six services of the landing page and their pages at /service-details/.',
  ...markdownFolder('content/services'),
  create: false,
  delete: false,
  summary: '{{order}}. {{title}} [{{locales}}]',
  sortable_fields: ['order'],
  i18n: true,
  fields: localized(
    ['title', 'shortDescription', 'features', 'caseStudies'],
    [
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
  ),
};
