// The content/ folder: every file passes its schema, and what spans files holds (unique ids and positions,
// the MORE card last, images present with alt text). These tests never count entries: a marketer may add
// a sixth project or a twelfth feature. The specification's own texts and counts are checked apart, in
// spec-conformance.test.ts. A mistake gets a message for the person who made it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemas, SOURCES, type CollectionName } from '../../src/lib/schemas/content.ts';
import { fillIn, site, siteProblems, withFullStop } from '../../src/lib/site.ts';
import { plainText } from '../../src/lib/plain-text.ts';
import { inOrder, readFolder, ROOT, type ContentFile } from '../helpers/content.ts';

/** The files of a collection, as Astro's glob loader picks them. */
function filesOf(name: CollectionName): ContentFile[] {
  const { folder, files } = SOURCES[name];
  const all = existsSync(path.join(ROOT, folder)) ? readFolder(folder) : [];
  return files === '*.md' ? all : all.filter((f) => path.basename(f.file) === files);
}

/** Astro's image() as the tests see it: a path from the entry's folder to a file that exists. */
const imageBeside = (file: string) => () =>
  z.string().refine((p) => existsSync(path.resolve(ROOT, path.dirname(file), p)), { error: 'no such image file' });

describe('every content file passes its schema', () => {
  for (const name of Object.keys(SOURCES) as CollectionName[]) {
    it(`${name}: front matter valid, body present`, () => {
      for (const entry of filesOf(name)) {
        const result = schemas[name](imageBeside(entry.file)).safeParse(entry.data);
        expect(result.error?.issues ?? [], entry.file).toEqual([]);
        // Every collection's body is its long text (a description, a paragraph, a post), never empty.
        expect(entry.body.length, `${entry.file}: the text under the front matter`).toBeGreaterThan(0);
      }
    });
  }

  it('site.json passes its schema', () => {
    expect(siteProblems(JSON.parse(readFileSync(path.join(ROOT, 'content/site.json'), 'utf8')))).toBeUndefined();
  });
});

describe('what spans files holds', () => {
  it('each page the site needs has its file', () => {
    for (const file of ['content/home/hero.md', 'content/home/about.md', 'content/policy/privacy-policy.md']) {
      expect(existsSync(path.join(ROOT, file)), file).toBe(true);
    }
    for (const id of [
      'services',
      'contact',
      'projects',
      'contact-page',
      'try-now',
      'blog',
      'featured',
      'not-found',
      'service-not-found',
    ]) {
      expect(existsSync(path.join(ROOT, `content/intros/${id}.md`)), `content/intros/${id}.md`).toBe(true);
    }
  });

  it('services have unique ids and unique positions', () => {
    const services = readFolder<{ id: string; order: number }>('content/services');
    expect(new Set(services.map((s) => s.data.id)).size).toBe(services.length);
    expect(new Set(services.map((s) => s.data.order)).size).toBe(services.length);
  });

  for (const folder of ['content/projects', 'content/featured']) {
    it(`${folder}: unique positions, the MORE card last, every image present with alt text`, () => {
      const cards = inOrder<{ order: number; title: string; image: string; imageAlt: string }>(folder);
      expect(new Set(cards.map((c) => c.data.order)).size, 'two cards share an "order"').toBe(cards.length);
      const more = cards.filter((c) => c.data.title === 'MORE');
      expect(more, `${folder}: one card titled MORE`).toHaveLength(1);
      expect(cards.at(-1)!.file, `${more[0]!.file} must keep the highest "order" so that it stays last`).toBe(
        more[0]!.file,
      );
      for (const card of cards) {
        expect(existsSync(path.resolve(ROOT, path.dirname(card.file), card.data.image)), `${card.file}: image`).toBe(
          true,
        );
        expect(card.data.imageAlt.trim().length, `${card.file}: imageAlt`).toBeGreaterThan(0);
      }
    });
  }

  it('images sit under src/assets, where astro:assets optimises them', () => {
    for (const name of ['projects', 'featured', 'posts'] as const) {
      for (const entry of filesOf(name)) {
        const image = String(entry.data.image ?? entry.data.cover);
        expect(path.resolve(ROOT, path.dirname(entry.file), image), entry.file).toMatch(
          new RegExp(`^${ROOT}/src/assets/`),
        );
      }
    }
  });
});

describe('site.json: one validated module', () => {
  it('reports the file, the field, what was expected and an example', () => {
    const broken = { ...site, phone: undefined, email: 'not an address', hours: { ...site.hours, open: '25:00' } };
    const report = siteProblems(broken)!;
    expect(report).toContain('content/site.json has 3 mistakes');
    expect(report).toMatch(/phone: Missing\. Add it, for example: "\+91/);
    expect(report).toMatch(/email: Expected an e-mail address, for example: "hello@example.com"/);
    expect(report).toMatch(/hours\.open: Expected a time with AM or PM, for example: "10:00 AM"/);
  });

  it('refuses a blank a line cannot fill, and names the ones it can', () => {
    const broken = {
      ...site,
      servicePage: { ...site.servicePage, closingHeading: 'Ready to start your {servce} project?' },
    };
    expect(siteProblems(broken)).toMatch(
      /servicePage\.closingHeading: Unknown blank \{servce\}: this line can use \{service\}, for example: "Ready to start your \{service\} project\?"/,
    );
  });

  it('names an unknown field and lists the ones that exist', () => {
    expect(siteProblems({ ...site, emial: 'x@example.com' })).toMatch(
      /emial: Unknown field: check its spelling\. The fields here are: name, legalName/,
    );
  });

  it('no module reads content/site.json but src/lib/site.ts (pages, server and tests go through it)', () => {
    const reads = /(from|import\(|resolve\(|join\(|readFile\w*\()\s*['"][^'"]*content\/site\.json['"]/;
    const readers = ['src', 'scripts', 'netlify', 'tests'].flatMap((dir) =>
      readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.(ts|tsx|astro|mjs|js)$/.test(f))
        .map((f) => `${dir}/${f}`)
        .filter((f) => reads.test(readFileSync(path.join(ROOT, f), 'utf8'))),
    );
    expect(readers).toEqual(['src/lib/site.ts']);
  });
});

describe('copy helpers', () => {
  it('a legal name ending in a full stop keeps one full stop', () => {
    expect(withFullStop('Vyoma Labs Technologies Pvt. Ltd.')).toBe('Vyoma Labs Technologies Pvt. Ltd.');
    expect(withFullStop('Acme Studio LLP')).toBe('Acme Studio LLP.');
    expect(withFullStop('Software from Bengaluru')).toBe('Software from Bengaluru.');
  });

  it('the blanks of a line are filled in, and a blank without a value is left as written', () => {
    expect(fillIn('{posts} tagged #{tag}.', { posts: '3 posts', tag: 'seo' })).toBe('3 posts tagged #seo.');
    expect(fillIn('Page {page} of {pages}', { page: 2, pages: 2 })).toBe('Page 2 of 2');
    expect(fillIn('Hello {name}', {})).toBe('Hello {name}');
  });

  it('rendered Markdown becomes plain text without stray spaces', () => {
    expect(plainText('<p>Fast <em>and</em> <a href="/x">safe</a>.</p><ul><li>A &amp; B</li><li>C</li></ul>')).toBe(
      'Fast and safe. A & B C',
    );
  });
});

/** The messages a schema gives for an entry changed by `change`: what the build prints under the file's name. */
function messagesFor(name: CollectionName, file: string, change: (data: Record<string, unknown>) => void) {
  const entry = filesOf(name).find((f) => f.file === file)!;
  const data = structuredClone(entry.data) as Record<string, unknown>;
  change(data);
  const result = schemas[name](imageBeside(entry.file)).safeParse(data);
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

// The build prints these messages under the file's name (src/content.config.ts); that a real build and
// `npm run check:content` name the file is shown by tests/e2e/marketer-edits.spec.ts.
describe('a content mistake gets a message for the person who made it', () => {
  it('a wrongly typed feature, an unknown icon and a misspelt field, each under its own name', () => {
    const messages = messagesFor('services', 'content/services/automation.md', (d) => {
      (d.features as Array<Record<string, unknown>>)[0]!.title = ['App integrations'];
      d.icon = 'work-flow';
      d.titel = 'Automation';
    });
    expect(messages).toContainEqual(expect.stringMatching(/^features\.0\.title: Expected a text, for example: "/));
    expect(messages).toContainEqual(
      'icon: Unknown icon "work-flow": use a name from https://lucide.dev/icons, for example: "globe"',
    );
    expect(messages).toContainEqual(
      expect.stringMatching(/^titel: Unknown field: check its spelling\. The fields here are: id, order, title/),
    );
  });

  it('an unknown blank in a line of content/site.json', () => {
    const site = JSON.parse(readFileSync(path.join(ROOT, 'content/site.json'), 'utf8'));
    site.blog.readingTime = '{minute} min read';
    expect(siteProblems(site)).toMatch(
      /blog\.readingTime: Unknown blank \{minute\}: this line can use \{minutes\}, for example: "\{minutes\} min read"/,
    );
  });

  it('a missing field', () => {
    const messages = messagesFor('projects', 'content/projects/keeper-app.md', (d) => {
      delete d.category;
    });
    expect(messages).toEqual(['category: Missing. Add it, for example: "E-commerce"']);
  });
});
