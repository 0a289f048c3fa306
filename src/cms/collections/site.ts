// content/site.json in the editor: the company's facts and the site-wide copy. Its translation
// (content/hi/site.json) holds the lines a reader sees; the facts (name, address, phone, times, links) stay
// in the English file.
import type { CollectionFile } from '@sveltia/cms';
import { SOCIAL_NETWORKS, WEEKDAYS } from '../../lib/schemas/content-values.ts';
import { list, localized, number, object, string, strings, text } from '../fields.ts';

export const site: CollectionFile = {
  name: 'site',
  label: 'Company and site',
  file: 'content/{{locale}}/site.json',
  format: 'json',
  i18n: true,
  fields: localized(
    [
      'tagline',
      'summary',
      'hours.weekdays',
      'hours.closed',
      'banner',
      'seoApp.name',
      'seoApp.tagline',
      'seoApp.description',
      'seoApp.highlights',
      'servicePage',
      'blog',
    ],
    [
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
      object('booking', 'Book a Call', [
        {
          name: 'days',
          label: 'Days calls can be booked on',
          widget: 'list',
          field: { name: 'day', label: 'Day', widget: 'select', options: [...WEEKDAYS] },
        },
        string('timeZone', 'Time zone', 'The hours above are in it, e.g. "Asia/Kolkata".'),
        number('slotMinutes', 'Call length in minutes', 'e.g. 30.'),
        number('minNoticeHours', 'Earliest, in hours from now', 'e.g. 2.'),
        number('maxDaysAhead', 'Latest, in days from now', 'e.g. 30.'),
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
      object('servicePage', 'Service pages', [
        string('backLink', 'Back link', 'e.g. "All services".'),
        string('featuresHeading', 'Features heading', 'e.g. "Key Features".'),
        string(
          'featuresIntro',
          'Features line',
          'Write {service} where the service goes, e.g. "What you get when you work with us on {service}."',
        ),
        string('caseStudiesHeading', 'Case studies heading', 'e.g. "Case Studies".'),
        string(
          'closingHeading',
          'Closing heading',
          'Write {service} where the service goes, e.g. "Ready to start your {service} project?"',
        ),
        string('action', 'Main button', 'Goes to the home page, e.g. "Explore More Services".'),
        string('secondaryAction', 'Second button', 'Goes to the contact page, e.g. "Talk to us".'),
      ]),
      object('blog', 'Blog labels', [
        string('newerPosts', 'Newer posts link', 'e.g. "Newer posts".'),
        string('olderPosts', 'Older posts link', 'e.g. "Older posts".'),
        string('pageOf', 'Page number', 'Write {page} and {pages}, e.g. "Page {page} of {pages}".'),
        string('readingTime', 'Reading time', 'Write {minutes}, e.g. "{minutes} min read".'),
        string('byline', 'Author line', 'Write {author}, e.g. "By {author}".'),
        string('updated', 'Updated label', 'Before the date of the last change, e.g. "Updated".'),
        string('onePost', 'One post', 'e.g. "1 post".'),
        string('manyPosts', 'Several posts', 'Write {count}, e.g. "{count} posts".'),
        string('tagTitle', 'Tag page title', 'Write {tag}, e.g. "Posts tagged #{tag}".'),
        string(
          'tagDescription',
          'Tag page search description',
          'Write {posts}, {site} and {topic}, e.g. "{posts} from the {site} blog about {topic}."',
        ),
        string('tagIntro', 'Tag page line', 'Write {posts} and {tag}, e.g. "{posts} tagged #{tag}."'),
        string('allPosts', 'All posts link', 'e.g. "All posts".'),
        string('action', 'Main button under a post', 'Goes to the contact page, e.g. "Talk to us about your project".'),
        string('secondaryAction', 'Second button under a post', 'Goes to the blog, e.g. "More posts".'),
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
  ),
};
