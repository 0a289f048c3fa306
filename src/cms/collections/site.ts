// content/site.json in the editor: the company's facts and the site-wide copy.
import type { CollectionFile } from '@sveltia/cms';
import { SOCIAL_NETWORKS } from '../../lib/schemas/content-values.ts';
import { list, object, string, strings, text } from '../fields.ts';

export const site: CollectionFile = {
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
