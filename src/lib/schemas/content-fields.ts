// Field types for the files marketers edit (content/). Each one carries its own error messages, written
// for the person who edits the file: what was expected and an example to copy. Astro prints them under
// the file's path and the field's name (`features.0.title`); src/lib/site.ts does the same for site.json.
import { z } from 'zod';

const quote = (example: string | number) => (typeof example === 'number' ? String(example) : `"${example}"`);
const missingOr = (input: unknown, wrong: string, example: string | number) =>
  input === undefined ? `Missing. Add it, for example: ${quote(example)}` : `${wrong}, for example: ${quote(example)}`;

/** A line of text, trimmed, never empty. */
export const text = (example: string) =>
  z
    .string({ error: (issue) => missingOr(issue.input, 'Expected a text', example) })
    .trim()
    .min(1, { error: `Must not be empty, for example: ${quote(example)}` });

/** Text with a length limit (search results and cards cut longer text). */
export const shortText = (example: string, max: number) =>
  text(example).max(max, { error: `Too long: keep it under ${max} characters, for example: ${quote(example)}` });

/** A whole number from 1 up: the position of a card on its page. */
export const order = (example: number) =>
  z
    .number({ error: (issue) => missingOr(issue.input, 'Expected a whole number (no quotes)', example) })
    .int({ error: `Expected a whole number, for example: ${example}` })
    .positive({ error: `Expected a number from 1 up, for example: ${example}` });

/**
 * A line with blanks that the page fills in, written {name}: "Ready to start your {service} project?".
 * A blank the page does not know (a typo, a translated name) is refused, with the ones it knows.
 */
export const template = (example: string, blanks: readonly string[]) =>
  text(example).superRefine((line, ctx) => {
    for (const [, name] of line.matchAll(/\{([^}]*)\}/g)) {
      if (blanks.includes(name!)) continue;
      ctx.addIssue({
        code: 'custom',
        input: line,
        message: `Unknown blank {${name}}: this line can use ${blanks.map((b) => `{${b}}`).join(', ')}, for example: ${quote(example)}`,
      });
    }
  });

export const httpsUrl = (example: string) =>
  z.url({ protocol: /^https$/, error: (issue) => missingOr(issue.input, 'Expected a full https:// address', example) });

/** A link inside the site (/contact, #services) or to another site (https://...). */
export const href = (example: string) =>
  z
    .string({ error: (issue) => missingOr(issue.input, 'Expected a link', example) })
    .regex(/^(\/|#|https:\/\/)/, { error: `Must start with /, # or https://, for example: ${quote(example)}` });

export const date = (example: string) =>
  z.coerce.date({ error: (issue) => missingOr(issue.input, 'Expected a date written year-month-day', example) });

export const list = <T extends z.ZodType>(item: T, example: string, min = 1) =>
  z
    .array(item, {
      error: (issue) => missingOr(issue.input, 'Expected a list, one item per line starting with "- "', example),
    })
    .min(min, { error: `Add at least ${min} item${min > 1 ? 's' : ''}, for example: ${quote(example)}` });

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => missingOr(issue.input, `Expected one of ${values.map((v) => quote(v)).join(', ')}`, values[0]),
  });

/**
 * An object that refuses fields it does not know, so that a misspelt field name fails the build instead of
 * being ignored. Each unknown field is reported under its own name (with the names that exist), alongside
 * any other mistake in the same object.
 */
export const fields = <T extends z.ZodRawShape>(shape: T) =>
  z
    .looseObject(shape, {
      error: (issue) =>
        issue.input === undefined
          ? 'Missing: add this group of fields'
          : 'Expected a group of fields (name: value lines)',
    })
    .superRefine(
      (value, ctx) => {
        if (!value || typeof value !== 'object') return;
        for (const key of Object.keys(value)) {
          if (key in shape) continue;
          ctx.addIssue({
            code: 'custom',
            path: [key],
            input: value,
            message: `Unknown field: check its spelling. The fields here are: ${Object.keys(shape).join(', ')}`,
          });
        }
      },
      { when: () => true },
    )
    // Unknown fields never get past the check above, so the result holds only the declared ones.
    .transform((value) => value as z.output<z.ZodObject<T>>);
