// Spec conformance: the shipped copy against the product specification's texts and counts. This is the one
// test that knows the specification's figures (six services with their ids and feature counts, the
// project and featured cards in their order, 98 % satisfaction, eight policy sections...). A marketer's edit that
// fails here departs from the specification agreed with the client; each failure names the file to change.
import { describe, expect, it } from 'vitest';
import { site } from '../../src/lib/site.ts';
import { inOrder, readContentFile } from '../helpers/content.ts';

interface Service {
  id: string;
  order: number;
  features: unknown[];
  caseStudies?: unknown[];
}
interface Card {
  order: number;
  title: string;
  category?: string;
  badge?: string;
  link?: { href: string } | string;
}

describe('spec conformance: the shipped copy says what the specification says', () => {
  it('six services, with the ids and feature counts of the specification, in its order', () => {
    const services = inOrder<Service>('content/services');
    const expected: Array<[string, number, number]> = [
      ['Website-Development', 11, 0],
      ['Mobile Application Development', 3, 0],
      ['CMS Development', 3, 0],
      ['Building Projects', 2, 0],
      ['Automation', 2, 2],
      ['SEO and Analytics', 3, 0],
    ];
    expect(
      services.map((s) => s.data.id),
      'content/services/*.md: the `id` fields (and `order` for their order)',
    ).toEqual(expected.map(([id]) => id));
    for (const [id, features, caseStudies] of expected) {
      const service = services.find((s) => s.data.id === id)!;
      expect(
        service.data.features.length,
        `${service.file}: the specification lists ${features} features for ${id}`,
      ).toBe(features);
      expect(
        service.data.caseStudies?.length ?? 0,
        `${service.file}: the specification lists ${caseStudies} case studies for ${id}`,
      ).toBe(caseStudies);
    }
  });

  it("the specification's project cards: robotics kits, an architecture studio, a bike house app, a keeper app, then MORE last", () => {
    // The specification's cards, in its order; a marketer's own cards may stand among them (before MORE).
    const cards = inOrder<Card>('content/projects');
    const where = 'content/projects/*.md (a card per file, placed by `order`)';
    const text = (c: (typeof cards)[number]) => `${c.data.title} ${c.data.category} ${c.body}`;
    const places = [/robot/i, /architect/i, /bike/i, /keeper/i].map((topic) =>
      cards.findIndex((c) => topic.test(text(c))),
    );
    expect(
      places.every((p) => p >= 0),
      `${where}: the specification's four cards are there`,
    ).toBe(true);
    expect(places, `${where}: in the specification's order`).toEqual([...places].sort((a, b) => a - b));
    expect(cards.at(-1)!.data.title, `${cards.at(-1)!.file}: the last card is titled MORE`).toBe('MORE');
  });

  it('the featured cards: a live demo for sale first, and MORE last, pointing to contact with the claim rule', () => {
    const cards = inOrder<Card>('content/featured');
    const [demo, more] = [cards[0]!, cards.at(-1)!];
    expect(`${demo.data.badge} ${demo.body}`, `${demo.file}: a live demo project for sale`).toMatch(
      /live demo[\s\S]*sale/i,
    );
    expect(more.data.title, `${more.file}: the last card is titled MORE`).toBe('MORE');
    expect(more.data.link, `${more.file}: link.href goes to the contact page`).toMatchObject({ href: '/contact' });
    expect(more.body, `${more.file}: claim by the contact form with the site name, first come first served`).toMatch(
      /contact form[\s\S]*site name[\s\S]*first come, first served/i,
    );
  });

  it('the hero says the product is trusted by millions', () => {
    expect(
      readContentFile('content/home/hero.md').body,
      'content/home/hero.md: the text under the front matter',
    ).toMatch(/trusted by millions/i);
  });

  it('the About section claims 98% customer satisfaction and lists the six selling points', () => {
    const about = readContentFile<{ highlight: { value: string; label: string }; points: Array<{ title: string }> }>(
      'content/home/about.md',
    );
    expect(about.data.highlight, 'content/home/about.md: highlight').toMatchObject({
      value: '98%',
      label: 'customer satisfaction',
    });
    expect(
      about.data.points.map((p) => p.title),
      'content/home/about.md: points (their titles)',
    ).toEqual([
      'End-to-end solutions',
      'Seamless integration between modules',
      'Minimal training',
      'Regular updates',
      'Customisation',
      'Dedicated support',
    ]);
  });

  it('the banner announces the new AI-powered SEO tool', () => {
    expect(site.banner.text, 'content/site.json: banner.text').toMatch(/^New\b.*AI-powered SEO tool/);
  });

  it('contact: Bengaluru, India, and business hours Monday to Friday 10:00 AM to 4:00 PM, closed at the weekend', () => {
    expect([site.address.city, site.address.country], 'content/site.json: address').toEqual(['Bengaluru', 'India']);
    expect(site.hours, 'content/site.json: hours').toEqual({
      weekdays: 'Monday to Friday',
      open: '10:00 AM',
      close: '4:00 PM',
      closed: 'Saturday and Sunday',
    });
  });

  it('the footer links four social networks', () => {
    expect(
      site.social.map((s) => s.network),
      'content/site.json: social',
    ).toEqual(['Instagram', 'LinkedIn', 'Facebook', 'Threads']);
  });

  it('the privacy policy: 8 sections, last updated June 19, 2025, the company e-mail, five social login services', () => {
    const file = 'content/policy/privacy-policy.md';
    const policy = readContentFile<{ lastUpdated: string | Date; lastUpdatedLabel: string }>(file);
    expect(
      [...policy.body.matchAll(/^## (.+)$/gm)].map((m) => m[1]),
      `${file}: its "## " headings`,
    ).toEqual([
      'Interpretation and Definitions',
      'Collecting and Using Your Personal Data',
      'Tracking Technologies and Cookies',
      'Use of Your Personal Data',
      'Retention',
      'Transfer',
      'Security',
      'Contact Us',
    ]);
    expect(new Date(policy.data.lastUpdated).toISOString().slice(0, 10), `${file}: lastUpdated`).toBe('2025-06-19');
    expect(policy.data.lastUpdatedLabel, `${file}: lastUpdatedLabel ("Last updated June 19, 2025")`).toBe(
      'Last updated',
    );
    expect(policy.body, `${file}: the contact e-mail of content/site.json`).toContain(site.email);
    for (const network of ['Google', 'Facebook', 'Instagram', 'Twitter', 'LinkedIn']) {
      expect(policy.body, `${file}: the social login service ${network}, as a list item`).toContain(`- ${network}\n`);
    }
  });

  it("the buttons and links the specification names, with the specification's words", () => {
    type Labels = { action?: string; secondaryAction?: string; heading?: string };
    const labels = (file: string) => readContentFile<Labels>(file).data;
    expect(labels('content/home/hero.md'), 'content/home/hero.md: action, secondaryAction').toMatchObject({
      action: 'Start Free Trial',
      secondaryAction: 'Book a Call',
    });
    expect(labels('content/home/about.md'), 'content/home/about.md: action, secondaryAction').toMatchObject({
      action: 'Request a Demo',
      secondaryAction: 'View Success Stories',
    });
    expect(labels('content/intros/services.md').action, 'content/intros/services.md: action').toBe('Learn More');
    expect(labels('content/intros/projects.md').action, 'content/intros/projects.md: action').toBe('View Project');
    expect(
      [site.servicePage.featuresHeading, site.servicePage.action],
      'content/site.json: servicePage.featuresHeading, servicePage.action',
    ).toEqual(['Key Features', 'Explore More Services']);
    expect(labels('content/intros/service-not-found.md'), 'content/intros/service-not-found.md').toMatchObject({
      heading: 'Service Not Found',
      action: 'Back to Services',
    });
    expect(labels('content/intros/not-found.md'), 'content/intros/not-found.md').toMatchObject({
      heading: 'Oops! Page not found',
      action: 'Return to Home',
    });
  });

  it("the dashboard's featured section says how to claim a project", () => {
    const file = 'content/intros/featured.md';
    expect(
      readContentFile(file).body,
      `${file}: the text under the front matter (the contact form, the site name, first come first served)`,
    ).toMatch(/\[contact form\]\(\/contact\)[\s\S]*site name[\s\S]*first come, first served/i);
  });

  it('page headings the specification names: Our Projects, Choose Your Apps', () => {
    expect(
      readContentFile<{ heading: string }>('content/intros/projects.md').data.heading,
      'content/intros/projects.md: heading',
    ).toBe('Our Projects');
    expect(
      readContentFile<{ heading: string }>('content/intros/try-now.md').data.heading,
      'content/intros/try-now.md: heading',
    ).toBe('Choose Your Apps');
  });
});
