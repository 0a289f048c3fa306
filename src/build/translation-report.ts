// The translations of content/ against their English files, for `npm run check:content` (its first step):
// per language (src/i18n/locales.ts), every English entry without its translation (a WARNING: the page in
// that language shows the English text, with a notice, until it exists) and every translation the build
// would refuse or render wrong (an ERROR, by file and field): front matter that breaks its schema
// (translationSchema, siteTranslationSchema), a field that belongs to the English file only, a translation
// with no English file, no body, or an image its folder does not hold.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../i18n/locales.ts';
import { schemas, SOURCES, translationSchema, type CollectionName } from '../lib/schemas/content.ts';
import { siteSchema, siteTranslationSchema } from '../lib/schemas/site.ts';

export interface Finding {
  level: 'warning' | 'error';
  locale: string;
  /** The translation's path from the repository, e.g. content/services/hi/automation.md. */
  file: string;
  message: string;
}

const SITE = { english: 'content/site.json', translation: (locale: string) => `content/${locale}/site.json` };

/** The language's English name, for messages: "Hindi". */
const languageName = (locale: string) => new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();
const markdownIn = (folder: string) =>
  existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.md') && isFile(path.join(folder, f))) : [];

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions are walked generically here.
type Def = any;

/** Whether `keys` names a field of `schema` (list items skipped): a field the English file has. */
function hasField(schema: z.ZodType, keys: readonly PropertyKey[]): boolean {
  let def: Def = (schema as Def)._zod.def;
  for (const key of keys) {
    while (['pipe', 'optional', 'default', 'array'].includes(def.type))
      def = (def.type === 'pipe' ? def.in : def.type === 'array' ? def.element : def.innerType)._zod.def;
    if (typeof key === 'number') continue;
    if (def.type !== 'object' || !(String(key) in def.shape)) return false;
    def = def.shape[String(key)]._zod.def;
  }
  return true;
}

/** The fields of a group of fields (`fields()` pipes an object through its unknown-field check). */
const shapeOf = (schema: z.ZodType): Record<string, z.ZodType> | undefined => {
  const def: Def = (schema as Def)._zod.def;
  const object: Def = def.type === 'pipe' ? def.in._zod.def : def;
  return object.type === 'object' ? object.shape : undefined;
};

/**
 * The fields a translation holds, as a reader of the message writes them: a group is named whole unless the
 * English file keeps some of its fields ("hours.weekdays, hours.closed", "banner").
 */
function translatedFields(schema: z.ZodType, english: z.ZodType, prefix = ''): string[] {
  const englishShape = shapeOf(english) ?? {};
  return Object.entries(shapeOf(schema) ?? {}).flatMap(([key, field]) => {
    const inner = shapeOf(field);
    const englishInner = englishShape[key] && shapeOf(englishShape[key]);
    const partial = inner && englishInner && Object.keys(englishInner).some((k) => !(k in inner));
    return partial ? translatedFields(field, englishShape[key]!, `${prefix}${key}.`) : [`${prefix}${key}`];
  });
}

/** The problems of one translation's data, each naming its field. */
function schemaProblems(data: unknown, schema: z.ZodType, english: z.ZodType, englishFile: string): string[] {
  const parsed = schema.safeParse(data);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const field = issue.path.join('.') || '(the whole file)';
    if (issue.message.startsWith('Unknown field') && hasField(english, issue.path))
      return `${field}: this field is the English file's (${englishFile}), shared by every language: remove it here. A translation holds only: ${translatedFields(schema, english).join(', ')}`;
    return `${field}: ${issue.message}`;
  });
}

/** Images of the body (`![text](path)`) whose relative path does not lead to a file from the translation's folder. */
function missingImages(body: string, file: string, englishFile: string, root: string): string[] {
  const problems: string[] = [];
  for (const [, src] of body.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^)]*)?\)/g)) {
    if (!src || /^([a-z][a-z\d+.-]*:|\/|#)/i.test(src)) continue;
    const target = path.resolve(root, path.dirname(file), decodeURI(src));
    if (isFile(target)) continue;
    const fromEnglish = path.resolve(root, path.dirname(englishFile), decodeURI(src));
    const hint = isFile(fromEnglish)
      ? `: a translation sits one folder below its English file, so write ${path
          .relative(path.resolve(root, path.dirname(file)), fromEnglish)
          .split(path.sep)
          .join('/')}`
      : '';
    problems.push(`the image ${src} is not found from ${path.dirname(file)}/${hint}`);
  }
  return problems;
}

/** A Markdown file: its front matter (between two --- lines) and its text. */
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?$/;

/** A Markdown translation: its front matter against its schema, its body, its images. */
function checkMarkdown(name: CollectionName, file: string, englishFile: string, root: string): string[] {
  const [, front, content = ''] = FRONT_MATTER.exec(readFileSync(path.join(root, file), 'utf8')) ?? [];
  if (front === undefined)
    return ['no front matter: the file starts with a block of fields between two --- lines, as the English file does'];
  let frontmatter: unknown;
  try {
    frontmatter = parse(front) ?? {};
  } catch (error) {
    return [`the front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`];
  }
  const image = () => z.string();
  const problems = schemaProblems(frontmatter, translationSchema(name, image), schemas[name](image), englishFile);
  if (!content.trim())
    problems.push(`no text under the front matter: translate the English file's text (${englishFile}) there`);
  return [...problems, ...missingImages(content, file, englishFile, root)];
}

function checkSite(file: string, root: string): string[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  } catch (error) {
    return [`not valid JSON: ${(error as Error).message}`];
  }
  return schemaProblems(data, siteTranslationSchema, siteSchema, SITE.english);
}

/**
 * What stands between content/ and its translations in `locales` (every language but English unless
 * told), from the repository at `root`: missing translations (warnings) first, then errors, by file.
 */
export function translationReport(
  root: string,
  locales: readonly string[] = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE),
): Finding[] {
  const findings: Finding[] = [];
  // Collections that share a folder (content/home: hero.md, about.md) share its translation folder.
  const folders = new Map<string, { name: CollectionName; files: string }[]>();
  for (const [name, source] of Object.entries(SOURCES) as [CollectionName, (typeof SOURCES)[CollectionName]][])
    folders.set(source.folder, [...(folders.get(source.folder) ?? []), { name, files: source.files }]);

  for (const locale of locales) {
    const missing = (file: string) =>
      findings.push({
        level: 'warning',
        locale,
        file,
        message: `${file} is missing: the ${languageName(locale)} page shows the English text until it exists`,
      });
    const error = (file: string, message: string) => findings.push({ level: 'error', locale, file, message });

    for (const [folder, collections] of folders) {
      const present = markdownIn(path.join(root, folder));
      /** Each English file of the folder and its collection. */
      const english = new Map<string, CollectionName>();
      for (const { name, files } of collections)
        for (const file of present) if (files === '*.md' || files === file) english.set(file, name);

      for (const file of [...english.keys()].sort()) {
        const translation = `${folder}/${locale}/${file}`;
        if (!isFile(path.join(root, translation))) missing(translation);
      }
      for (const file of markdownIn(path.join(root, folder, locale)).sort()) {
        const translation = `${folder}/${locale}/${file}`;
        const name = english.get(file);
        if (!name) {
          error(
            translation,
            `${translation} has no English file ${folder}/${file}: a translation goes beside the English file it translates, with the same name (rename it, or add the English file)`,
          );
          continue;
        }
        for (const problem of checkMarkdown(name, translation, `${folder}/${file}`, root))
          error(translation, `${translation}: ${problem}`);
      }
    }

    const site = SITE.translation(locale);
    if (!isFile(path.join(root, site))) missing(site);
    else for (const problem of checkSite(site, root)) error(site, `${site}: ${problem}`);
  }
  const rank = (f: Finding) => (f.level === 'warning' ? 0 : 1);
  // Stable: a file's errors keep the order of its fields.
  return findings.sort((a, b) => rank(a) - rank(b) || a.locale.localeCompare(b.locale) || a.file.localeCompare(b.file));
}

/** The report as check:content prints it: one line per finding, then a count. */
export function formatReport(findings: readonly Finding[]): string {
  const warnings = findings.filter((f) => f.level === 'warning').length;
  const errors = findings.length - warnings;
  const lines = findings.map((f) => `  ${f.level === 'warning' ? 'WARNING' : 'ERROR'} ${f.message}`);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  lines.push(
    findings.length === 0
      ? '  every entry has its translation, and every translation passes its schema'
      : `  ${plural(warnings, 'missing translation')} (warnings: the English text shows meanwhile), ${plural(errors, 'error')}`,
  );
  return lines.join('\n');
}
