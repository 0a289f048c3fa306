// content/site.json: the company's facts and the site-wide copy (banner, footer line, the SEO app's card).
// Read through src/lib/site.ts, which checks it against this schema.
import { z } from 'zod';
import { fields, httpsUrl, list, oneOf, template, text } from './content-fields.ts';
import { SOCIAL_NETWORKS, WEEKDAYS } from './content-values.ts';

const time = (example: string) =>
  text(example).regex(/^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/, {
    error: `Expected a time with AM or PM, for example: "${example}"`,
  });

/** A count of minutes, hours or days: a whole number from `min` up. */
const count = (example: number, min: number) =>
  z
    .number({ error: `Expected a whole number (no quotes), for example: ${example}` })
    .int({ error: `Expected a whole number, for example: ${example}` })
    .min(min, { error: `Expected at least ${min}, for example: ${example}` });

const timeZone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { error: 'Expected a time zone name, for example: "Asia/Kolkata"' },
);

const siteFields = {
  name: text('Vyoma Labs'),
  /** Printed as is in the footer's copyright line: a name ending in "Ltd." keeps its one full stop. */
  legalName: text('Vyoma Labs Technologies Pvt. Ltd.'),
  tagline: text('Software and web development from Bengaluru'),
  summary: text('We design, build and look after software that businesses can rely on.'),
  email: z.email({
    error: (issue) =>
      issue.input === undefined
        ? 'Missing. Add it, for example: "hello@example.com"'
        : 'Expected an e-mail address, for example: "hello@example.com"',
  }),
  phone: text('+91 80 4718 2290').regex(/^\+?[\d ()-]{7,20}$/, {
    error: 'Use digits, spaces, +, - or brackets, for example: "+91 80 4718 2290"',
  }),
  address: fields({
    street: text('3rd Floor, 14 Residency Road'),
    city: text('Bengaluru'),
    region: text('Karnataka'),
    postalCode: text('560025'),
    country: text('India'),
  }),
  hours: fields({
    weekdays: text('Monday to Friday'),
    open: time('10:00 AM'),
    close: time('4:00 PM'),
    closed: text('Saturday and Sunday'),
  }),
  /**
   * Book a Call: the days calls can be booked on, between hours.open and hours.close in `timeZone`, in
   * slots of `slotMinutes`, from `minNoticeHours` to `maxDaysAhead` days ahead.
   */
  booking: fields({
    days: list(oneOf(WEEKDAYS), 'Monday'),
    timeZone,
    slotMinutes: count(30, 5),
    minNoticeHours: count(2, 0),
    maxDaysAhead: count(30, 1),
  }),
  /** The announcement above the landing page's header; its link opens the SEO app. */
  banner: fields({
    text: text('New: our AI-powered SEO tool audits your site for you.'),
    linkLabel: text('Try it free'),
  }),
  /** The external AI SEO application: the header's APP menu, the hero badge, the banner and the Try Now card. */
  seoApp: fields({
    url: httpsUrl('https://seo.example.com/'),
    name: text('AI SEO Tool'),
    tagline: text('Audit and optimise your site with AI'),
    description: text('Find out why your site is not ranking and fix it.'),
    highlights: list(text('Full technical SEO audit in minutes'), 'Full technical SEO audit in minutes'),
  }),
  /** The lines every service page shares; {service} is the service's title in lower case. */
  servicePage: fields({
    backLink: text('All services'),
    featuresHeading: text('Key Features'),
    featuresIntro: template('What you get when you work with us on {service}.', ['service']),
    caseStudiesHeading: text('Case Studies'),
    closingHeading: template('Ready to start your {service} project?', ['service']),
    action: text('Explore More Services'),
    secondaryAction: text('Talk to us'),
  }),
  /** The blog's labels: its listing pages, tag pages and posts. */
  blog: fields({
    newerPosts: text('Newer posts'),
    olderPosts: text('Older posts'),
    pageOf: template('Page {page} of {pages}', ['page', 'pages']),
    readingTime: template('{minutes} min read', ['minutes']),
    byline: template('By {author}', ['author']),
    updated: text('Updated'),
    onePost: text('1 post'),
    manyPosts: template('{count} posts', ['count']),
    tagTitle: template('Posts tagged #{tag}', ['tag']),
    tagDescription: template('{posts} from the {site} blog about {topic}.', ['posts', 'site', 'topic']),
    tagIntro: template('{posts} tagged #{tag}.', ['posts', 'tag']),
    allPosts: text('All posts'),
    action: text('Talk to us about your project'),
    secondaryAction: text('More posts'),
  }),
  social: list(
    fields({ network: oneOf(SOCIAL_NETWORKS), url: httpsUrl('https://www.instagram.com/yourcompany') }),
    'a network with its url',
    1,
  ),
};

export const siteSchema = fields(siteFields);

export type Site = z.output<typeof siteSchema>;

/** The inner fields of a group of fields (`fields()` pipes an object through its unknown-field check). */
const shapeOf = (group: unknown) => (group as z.ZodPipe<z.ZodObject>).in.shape;

/**
 * A translation of site.json (content/hi/site.json): the lines a reader sees. The company's facts (name,
 * address, phone, opening times, links) are the English file's, shared by every language.
 */
export const siteTranslationSchema = fields({
  tagline: siteFields.tagline,
  summary: siteFields.summary,
  hours: fields({ weekdays: shapeOf(siteFields.hours).weekdays!, closed: shapeOf(siteFields.hours).closed! }),
  banner: siteFields.banner,
  seoApp: fields((({ url: _url, ...rest }) => rest)(shapeOf(siteFields.seoApp))),
  servicePage: siteFields.servicePage,
  blog: siteFields.blog,
});
