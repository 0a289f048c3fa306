// The translation step of `npm run check:content` (src/build/translation-report.ts) over a content folder
// of its own: a missing translation is a warning with the file to create, a translation the build would
// refuse is an error naming its file and field, a translation without its English file is an error.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatReport, translationReport } from '../../src/build/translation-report.ts';

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const messages = (level: 'warning' | 'error') =>
  translationReport(root, ['hi'])
    .filter((f) => f.level === level)
    .map((f) => f.message);

const SERVICE_HI = `---
title: ऑटोमेशन
shortDescription: दोहराए जाने वाले काम अपने-आप।
features:
  - icon: gauge
    title: तेज़
    description: हर काम मिनटों में।
---

पूरा विवरण।
`;
const SITE_HI = {
  tagline: 'बेंगलुरु से',
  summary: 'हम सॉफ़्टवेयर बनाते हैं।',
  hours: { weekdays: 'सोमवार से शुक्रवार', closed: 'शनिवार और रविवार' },
  banner: { text: 'नया टूल', linkLabel: 'आज़माएँ' },
  seoApp: { name: 'AI SEO टूल', tagline: 'ऑडिट', description: 'जानिए क्यों।', highlights: ['ऑडिट'] },
  servicePage: {
    backLink: 'सभी सेवाएँ',
    featuresHeading: 'ख़ास बातें',
    featuresIntro: '{service} में आपको क्या मिलता है।',
    caseStudiesHeading: 'केस स्टडी',
    closingHeading: '{service} शुरू करें?',
    action: 'और सेवाएँ',
    secondaryAction: 'बात करें',
  },
  blog: {
    newerPosts: 'नए',
    olderPosts: 'पुराने',
    pageOf: 'पेज {page} / {pages}',
    readingTime: '{minutes} मिनट',
    byline: '{author} द्वारा',
    updated: 'अपडेट',
    onePost: '1 पोस्ट',
    manyPosts: '{count} पोस्ट',
    tagTitle: '#{tag}',
    tagDescription: '{posts} {site} {topic}',
    tagIntro: '{posts} #{tag}',
    allPosts: 'सभी पोस्ट',
    action: 'बात करें',
    secondaryAction: 'और पोस्ट',
  },
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'translation-report-'));
  // The English side: the report reads only which files exist, the build checks their fields.
  write('content/services/automation.md', '---\nid: Automation\n---\n\nText.\n');
  write('content/site.json', '{}');
  write('content/hi/site.json', JSON.stringify(SITE_HI));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the translation report of check:content', () => {
  it('is quiet when every entry has a translation that passes its schema', () => {
    write('content/services/hi/automation.md', SERVICE_HI);
    expect(translationReport(root, ['hi'])).toEqual([]);
    expect(formatReport([])).toMatch(/every entry has its translation/);
  });

  it('warns of an English entry without its translation, naming the file to create, without an error', () => {
    write('content/services/hi/automation.md', SERVICE_HI);
    write('content/posts/new-post.md', '---\ntitle: New\n---\n\nText.\n');
    write('content/home/hero.md', '---\ntitle: Hero\n---\n\nText.\n');
    rmSync(path.join(root, 'content/hi/site.json'));
    expect(messages('warning')).toEqual([
      'content/hi/site.json is missing: the Hindi page shows the English text until it exists',
      'content/home/hi/hero.md is missing: the Hindi page shows the English text until it exists',
      'content/posts/hi/new-post.md is missing: the Hindi page shows the English text until it exists',
    ]);
    expect(messages('error')).toEqual([]);
    expect(formatReport(translationReport(root, ['hi']))).toMatch(
      /^ {2}WARNING content\/hi\/site\.json is missing[^\n]*\n[\s\S]*3 missing translations \(warnings[^)]*\), 0 errors$/,
    );
  });

  it('reports a translation that breaks its schema as an error, by file and field', () => {
    write(
      'content/services/hi/automation.md',
      SERVICE_HI.replace('title: ऑटोमेशन', "title: ''\norder: 3").replace('icon: gauge', 'icon: no-such-icon'),
    );
    const errors = messages('error');
    expect(errors).toContainEqual(
      expect.stringMatching(/^content\/services\/hi\/automation\.md: title: Must not be empty/),
    );
    expect(errors).toContainEqual(
      expect.stringMatching(/^content\/services\/hi\/automation\.md: features\.0\.icon: Unknown icon "no-such-icon"/),
    );
    // A field of the English file only says so, and what a translation holds.
    expect(errors).toContainEqual(
      "content/services/hi/automation.md: order: this field is the English file's (content/services/automation.md), shared by every language: remove it here. A translation holds only: title, shortDescription, features, caseStudies",
    );
    expect(messages('warning')).toEqual([]);
  });

  it('reports a misspelt field, front matter that is not YAML, and a translation without its text', () => {
    write('content/services/hi/automation.md', SERVICE_HI.replace('shortDescription:', 'shortDescriptoin:'));
    expect(messages('error')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^content\/services\/hi\/automation\.md: shortDescriptoin: Unknown field: check its spelling/,
        ),
        expect.stringMatching(/^content\/services\/hi\/automation\.md: shortDescription: Missing/),
      ]),
    );
    write('content/services/hi/automation.md', '---\ntitle: "ऑटोमेशन\nshortDescription: x\n---\n\nText.\n');
    expect(messages('error')).toEqual([
      expect.stringMatching(/^content\/services\/hi\/automation\.md: the front matter is not valid YAML: /),
    ]);
    write('content/services/hi/automation.md', SERVICE_HI.replace('पूरा विवरण।', ''));
    expect(messages('error')).toEqual([
      "content/services/hi/automation.md: no text under the front matter: translate the English file's text (content/services/automation.md) there",
    ]);
  });

  it('reports a translation without its English file as an error', () => {
    write('content/services/hi/automation.md', SERVICE_HI);
    write('content/services/hi/foo.md', SERVICE_HI);
    expect(messages('error')).toEqual([
      'content/services/hi/foo.md has no English file content/services/foo.md: a translation goes beside the English file it translates, with the same name (rename it, or add the English file)',
    ]);
  });

  it("reports site.json's translation by field, a company fact in it included", () => {
    write(
      'content/hi/site.json',
      JSON.stringify({ ...SITE_HI, hours: { ...SITE_HI.hours, open: '10:00 AM' }, tagline: '' }),
    );
    expect(messages('error')).toEqual([
      'content/hi/site.json: tagline: Must not be empty, for example: "Software and web development from Bengaluru"',
      "content/hi/site.json: hours.open: this field is the English file's (content/site.json), shared by every language: remove it here. A translation holds only: tagline, summary, hours.weekdays, hours.closed, banner, seoApp.name, seoApp.tagline, seoApp.description, seoApp.highlights, servicePage, blog",
    ]);
  });

  it('reports an image of the body that the translation folder does not reach, with the path that does', () => {
    write('src/assets/posts/chart.webp', 'image');
    write('content/posts/chart.md', '---\ntitle: x\n---\n\n![A chart](../../src/assets/posts/chart.webp)\n');
    const post = (src: string) =>
      `---\ntitle: चार्ट\ndescription: एक चार्ट।\nauthor: प्रिया\ncoverAlt: एक चार्ट\n---\n\n![एक चार्ट](${src})\n`;
    write('content/posts/hi/chart.md', post('../../src/assets/posts/chart.webp'));
    expect(messages('error')).toEqual([
      'content/posts/hi/chart.md: the image ../../src/assets/posts/chart.webp is not found from content/posts/hi/: a translation sits one folder below its English file, so write ../../../src/assets/posts/chart.webp',
    ]);
    write('content/posts/hi/chart.md', post('../../../src/assets/posts/chart.webp'));
    expect(messages('error')).toEqual([]);
  });
});
