// The editor's configuration (src/cms/config.ts) against the content schemas (src/lib/schemas/): every
// collection of src/content.config.ts and content/site.json has its place in the editor, with the same
// fields, the same types and the same required fields, and the editor offers nothing the build would
// refuse. A field added on one side only fails here.
import path from 'node:path';
import type { Collection, CollectionFile, Field } from '@sveltia/cms';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cmsSettings } from '../../src/cms/build.ts';
import { cmsConfig } from '../../src/cms/config.ts';
import { schemas, SOURCES, type CollectionName } from '../../src/lib/schemas/content.ts';
import { siteSchema } from '../../src/lib/schemas/site.ts';

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

/** The CMS's view of a collection: its front-matter fields (the body apart) and where it lives. */
function cmsSide(name: CollectionName | 'site') {
  const source = name === 'site' ? { folder: 'content', files: 'site.json' } : SOURCES[name];
  if (source.files === '*.md') {
    const collection = folderCollections.find((c) => c.name === name);
    return collection && { where: collection.folder, entry: collection, fields: collection.fields };
  }
  const file = files.find((f) => f.name === name);
  return file && { where: file.file, entry: file, fields: file.fields };
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
