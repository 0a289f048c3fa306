// The editor's configuration (src/cms/config.ts) against the content schemas (src/lib/schemas/): every
// collection of src/content.config.ts and content/site.json has its place in the editor, with the same
// fields, the same types and the same required fields, and the editor offers nothing the build would
// refuse. A field added on one side only fails here. In every language: the editor writes a translation
// where the build reads it (content/services/hi/automation.md) with exactly the fields a translation holds
// (TRANSLATED, siteTranslationSchema).
import path from 'node:path';
import type { Collection, CollectionFile, Field } from '@sveltia/cms';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cmsSettings } from '../../src/cms/build.ts';
import { cmsConfig } from '../../src/cms/config.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../src/i18n/locales.ts';
import { schemas, SOURCES, TRANSLATED, translationSchema, type CollectionName } from '../../src/lib/schemas/content.ts';
import { siteSchema, siteTranslationSchema } from '../../src/lib/schemas/site.ts';
import { siteTranslationFile } from '../../src/lib/site.ts';

/** A field as both sides can describe it. */
interface Shape {
  kind: string;
  optional: boolean;
  options?: string[];
  min?: number;
  item?: Shape;
  fields?: Record<string, Shape>;
}

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions are walked generically here.
type Def = any;
const IMAGE = 'image';

function fromZod(schema: z.ZodType, optional = false): Shape {
  const def: Def = (schema as Def)._zod.def;
  switch (def.type) {
    case 'optional':
    case 'default':
      return fromZod(def.innerType, true);
    case 'pipe':
      return fromZod(def.in, optional);
    case 'object':
      return {
        kind: 'object',
        optional,
        fields: Object.fromEntries(Object.entries(def.shape).map(([k, v]) => [k, fromZod(v as z.ZodType)])),
      };
    case 'array': {
      const min = def.checks?.find((c: Def) => c._zod.def.check === 'min_length')?._zod.def.minimum ?? 0;
      return { kind: 'list', optional: optional || min === 0, item: fromZod(def.element), ...(min > 1 ? { min } : {}) };
    }
    case 'enum':
      return { kind: 'enum', optional, options: Object.values(def.entries) as string[] };
    case 'string':
      return { kind: schema.description === IMAGE ? 'image' : 'string', optional };
    case 'number':
    case 'boolean':
    case 'date':
      return { kind: def.type, optional };
    default:
      throw new Error(`no CMS counterpart known for a zod ${def.type}`);
  }
}

const KIND: Record<string, string> = {
  string: 'string',
  text: 'string',
  markdown: 'string',
  number: 'number',
  boolean: 'boolean',
  datetime: 'date',
  image: 'image',
};

function fromCms(field: Field): Shape {
  const f = field as Field & Record<string, Def>;
  const optional = f.required === false;
  switch (f.widget ?? 'string') {
    case 'select':
      return { kind: 'enum', optional, options: f.options };
    case 'object':
      return { kind: 'object', optional, fields: fieldsOf(f.fields) };
    case 'list': {
      const item: Shape = f.fields
        ? { kind: 'object', optional: false, fields: fieldsOf(f.fields) }
        : f.field
          ? fromCms(f.field)
          : { kind: 'string', optional: false };
      return { kind: 'list', optional, item, ...(f.min > 1 ? { min: f.min } : {}) };
    }
    default:
      return { kind: KIND[f.widget ?? 'string'] ?? `unknown widget ${f.widget}`, optional };
  }
}
const fieldsOf = (fields: Field[]) => Object.fromEntries(fields.map((f) => [f.name, fromCms(f)]));

const settings = {
  repo: 'owner/site',
  branch: 'main',
  siteUrl: 'https://example.com',
  siteName: 'Example',
  oauth: true,
};
const config = cmsConfig(settings, 'https://example.com');
const collections = (config.collections ?? []) as Collection[];
const folderCollections = collections.filter(
  (c): c is Collection & { folder: string; fields: Field[] } => 'folder' in c,
);
const files = collections.flatMap((c) => ('files' in c ? c.files : [])) as CollectionFile[];
const imageField = () => z.string().describe(IMAGE);

/**
 * A file path of the editor in `locale`, as Sveltia fills its {{locale}} placeholder: with
 * `omit_default_locale_from_file_path`, English drops the placeholder and the slash after it
 * (content/home/{{locale}}/hero.md: content/home/hero.md, content/home/hi/hero.md).
 */
const inLocale = (file: string, locale: string) =>
  (locale === DEFAULT_LOCALE ? file.replace(/\{\{locale\}\}[./]|\/?\{\{locale\}\}$/, '') : file).replaceAll(
    '{{locale}}',
    locale,
  );
const OTHER_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

/** The CMS's view of a collection: its front-matter fields (the body apart) and where it lives. */
function cmsSide(name: CollectionName | 'site') {
  const source = name === 'site' ? { folder: 'content', files: 'site.json' } : SOURCES[name];
  if (source.files === '*.md') {
    const collection = folderCollections.find((c) => c.name === name);
    return collection && { where: collection.folder, entry: collection, parent: collection, fields: collection.fields };
  }
  const file = files.find((f) => f.name === name);
  const parent = collections.find((c) => 'files' in c && c.files.includes(file!));
  return file && parent && { where: inLocale(file.file, DEFAULT_LOCALE), entry: file, parent, fields: file.fields };
}

type Nested = Field & { i18n?: unknown; fields?: Field[]; field?: Field };

/**
 * What the editor writes to a translation: the fields marked `i18n: true`, inside them again only those
 * (Sveltia asks each field; a list item of a field that is not marked is not written).
 */
function translatedOnly(fields: Field[]): Field[] {
  return (fields as Nested[])
    .filter((f) => f.i18n === true)
    .map((f) => ({
      ...f,
      ...(f.fields ? { fields: translatedOnly(f.fields) } : {}),
      ...(f.field
        ? { field: (f.field as Nested).i18n === true ? f.field : { ...f.field, widget: 'not translated' } }
        : {}),
    })) as Field[];
}

/** Every field, nested ones included, with its dotted name. */
function* everyField(fields: Field[], prefix = ''): Generator<[string, Nested]> {
  for (const f of fields as Nested[]) {
    yield [`${prefix}${f.name}`, f];
    if (f.fields) yield* everyField(f.fields, `${prefix}${f.name}.`);
    if (f.field) yield* everyField([f.field], `${prefix}${f.name}.`);
  }
}

describe('the CMS configuration covers every collection and field of the content schemas', () => {
  for (const name of [...(Object.keys(SOURCES) as CollectionName[]), 'site' as const]) {
    it(`${name}: same place, same fields, same types, same required fields`, () => {
      const cms = cmsSide(name);
      expect(
        cms,
        `src/cms/collections/ (wired in src/cms/config.ts) has no collection or file named "${name}"`,
      ).toBeTruthy();
      const source = name === 'site' ? { folder: 'content', files: 'site.json' } : SOURCES[name];
      expect(cms!.where).toBe(source.files === '*.md' ? source.folder : `${source.folder}/${source.files}`);

      const schema = name === 'site' ? siteSchema : schemas[name](imageField);
      const front = cms!.fields.filter((f) => f.name !== 'body');
      expect(fieldsOf(front)).toEqual(fromZod(schema).fields);

      if (name === 'site') {
        expect(cms!.entry).toMatchObject({ format: 'json' });
      } else {
        // Every Markdown file's body is its long text: the CMS edits it as Markdown, and requires it.
        const body = cms!.fields.find((f) => f.name === 'body') as Field & { widget?: string; required?: boolean };
        expect(body?.widget, `${name}: a "body" field of widget markdown`).toBe('markdown');
        expect(body?.required).not.toBe(false);
        expect(cms!.entry).toMatchObject({ format: 'frontmatter' });
        if (source.files === '*.md') expect(cms!.entry).toMatchObject({ extension: 'md' });
      }
    });
  }

  it('offers no collection or file that the site does not read', () => {
    const known = new Set<string>([...Object.keys(SOURCES), 'site']);
    expect(folderCollections.map((c) => c.name).filter((n) => !known.has(n))).toEqual([]);
    expect(files.map((f) => f.name).filter((n) => !known.has(n))).toEqual([]);
  });

  it('stores images where astro:assets finds them: under src/assets, by a path from the entry', () => {
    for (const c of folderCollections) {
      const hasImage = c.fields.some((f) => (f as { widget?: string }).widget === 'image');
      if (!hasImage) continue;
      expect(c.media_folder, c.name).toMatch(/^\/src\/assets\/\w+$/);
      // The path written into the file, read from the entry's folder, lands in the media folder.
      expect(path.posix.join(c.folder, c.public_folder!), c.name).toBe(c.media_folder!.slice(1));
    }
  });

  it("signs in with GitHub through the site's own API, on the repository and branch it is built with", () => {
    expect(config.backend).toEqual({
      name: 'github',
      repo: 'owner/site',
      branch: 'main',
      base_url: 'https://example.com',
      auth_endpoint: 'api/v1/cms/auth',
      auth_methods: ['oauth'],
    });
    // An API on its own origin (PUBLIC_API_URL) is where the sign-in window opens.
    expect(
      cmsConfig({ ...settings, apiOrigin: 'https://api.example.com' }, 'https://example.com').backend,
    ).toMatchObject({
      base_url: 'https://api.example.com',
    });
  });

  it("marks drafts in the editor's list of posts and can list them alone", () => {
    const posts = folderCollections.find((c) => c.name === 'posts') as unknown as {
      summary: string;
      view_filters: { field: string; pattern: unknown }[];
    };
    expect(posts.summary).toMatch(/^\{\{draft \| ternary\('\[Draft\] ', ''\)\}\}\{\{title\}\}/);
    expect(posts.view_filters).toContainEqual(expect.objectContaining({ field: 'draft', pattern: true }));
  });

  it('offers only the sign-in that can work with the configuration', () => {
    const methods = (s: Partial<typeof settings>) =>
      (cmsConfig({ ...settings, ...s }, 'https://example.com').backend as { auth_methods?: string[] }).auth_methods;
    expect(methods({ oauth: false })).toEqual(['token']);
    expect(methods({ repo: undefined })).toEqual([]);
    expect(methods({ repo: undefined, oauth: false })).toEqual([]);
  });

  it('reads the repository, branch, API origin and GitHub sign-in from the build environment', () => {
    expect(
      cmsSettings(
        {
          REPOSITORY_URL: 'https://github.com/acme/site',
          BRANCH: 'live',
          CMS_GITHUB_CLIENT_ID: 'id',
          PUBLIC_API_URL: 'https://api.acme.dev/x',
        },
        'https://acme.dev',
      ),
    ).toMatchObject({ repo: 'acme/site', branch: 'live', oauth: true, apiOrigin: 'https://api.acme.dev' });
    const bare = cmsSettings({}, 'https://acme.dev');
    expect(bare).toMatchObject({ branch: 'main', oauth: false });
    expect(bare.repo).toBeUndefined();
  });
});

describe('the editor edits every language, and writes a translation as the build reads it', () => {
  it('has the languages of src/i18n/locales.ts, English files where they are, translations in a folder beside them', () => {
    expect(config.i18n).toEqual({
      structure: 'multiple_folders',
      locales: [...LOCALES],
      default_locale: DEFAULT_LOCALE,
      omit_default_locale_from_file_path: true,
      // A new entry starts in English only: a page without its translation shows the English text.
      initial_locales: 'default',
    });
  });

  it('ends each entry of a collection\'s list with its languages: "[en, hi]", "[en]" while untranslated', () => {
    // Sveltia's {{locales}}: the languages the entry has a file in.
    for (const c of folderCollections)
      expect((c as { summary?: string }).summary, c.name).toMatch(/ \[\{\{locales\}\}\]$/);
  });

  for (const name of [...(Object.keys(SOURCES) as CollectionName[]), 'site' as const]) {
    it(`${name}: translated in the editor where the build reads it, with exactly the fields a translation holds`, () => {
      const cms = cmsSide(name)!;
      // Sveltia translates a collection (and a file of a collection of files) only where both say so.
      expect((cms.parent as { i18n?: unknown }).i18n, `${name}: i18n: true on its collection`).toBe(true);
      expect((cms.entry as { i18n?: unknown }).i18n, `${name}: i18n: true`).toBe(true);

      for (const locale of OTHER_LOCALES) {
        if (name === 'site') {
          expect(inLocale((cms.entry as CollectionFile).file, locale)).toBe(siteTranslationFile(locale));
        } else if (SOURCES[name].files === '*.md') {
          // multiple_folders: <folder>/<locale>/<file>. A {{locale}} in the folder or a `path` with folders
          // would put it elsewhere.
          expect(cms.entry).not.toHaveProperty('path');
          expect(cms.where).not.toContain('{{locale}}');
        } else {
          expect(inLocale((cms.entry as CollectionFile).file, locale)).toBe(
            `${SOURCES[name].folder}/${locale}/${SOURCES[name].files}`,
          );
        }
      }

      // Each field says whether it is translated: true (written to the translation) or false (English file
      // only). 'duplicate' would copy it into the translation, which the build refuses.
      for (const [field, f] of everyField(cms.fields)) {
        expect([true, false, undefined], `${name}: ${field}: i18n`).toContain(f.i18n);
      }
      for (const f of cms.fields as Nested[]) expect(typeof f.i18n, `${name}: ${f.name}: i18n`).toBe('boolean');

      const translated = translatedOnly(cms.fields.filter((f) => f.name !== 'body'));
      const schema = name === 'site' ? siteTranslationSchema : translationSchema(name, imageField);
      if (name !== 'site') {
        expect(translated.map((f) => f.name).sort(), `${name}: the translated fields`).toEqual(
          [...TRANSLATED[name]].sort(),
        );
        // The body (the Markdown text) is translated.
        expect((cms.fields.find((f) => f.name === 'body') as Nested).i18n, `${name}: body`).toBe(true);
      }
      expect(fieldsOf(translated)).toEqual(fromZod(schema).fields);
    });
  }
});
