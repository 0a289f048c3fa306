// content/site.json, checked once, for every page, component and server module that needs the company's
// facts. A mistake in the file stops the build (and the server's start) with the file, the field, what
// was expected and an example.
import raw from '../../content/site.json' with { type: 'json' };
import type { Locale } from '../i18n/locales.ts';
import { siteSchema, type siteTranslationSchema, type Site } from './schemas/site.ts';

export const SITE_FILE = 'content/site.json';

/** Where a language's translation of site.json lives: content/hi/site.json. */
export const siteTranslationFile = (locale: Locale) => `content/${locale}/site.json`;

/** A readable report of what is wrong with a site.json-like value, or undefined when it is right. */
export function siteProblems(
  value: unknown,
  file = SITE_FILE,
  schema: typeof siteSchema | typeof siteTranslationSchema = siteSchema,
): string | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return undefined;
  const lines = parsed.error.issues.map(
    (issue) => `  - ${issue.path.join('.') || '(the whole file)'}: ${issue.message}`,
  );
  return `${file} has ${lines.length === 1 ? 'a mistake' : `${lines.length} mistakes`}:\n${lines.join('\n')}`;
}

function load(): Site {
  const problems = siteProblems(raw);
  if (problems) throw new Error(problems);
  return siteSchema.parse(raw);
}

export const site: Site = load();

/** "Pvt. Ltd." + "." must not print "Pvt. Ltd.."; any other text gets its closing full stop. */
export function withFullStop(sentence: string): string {
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** Fills the blanks of a line of content/site.json: fillIn('{count} posts', { count: 3 }) is "3 posts". */
export function fillIn(line: string, values: Record<string, string | number>): string {
  return line.replace(/\{(\w+)\}/g, (blank, name: string) => (name in values ? String(values[name]) : blank));
}
