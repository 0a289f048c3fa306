// zod for the shared schemas. jitless: zod 4 otherwise probes `new Function` to compile its object
// parsers, which our Content-Security-Policy (no 'unsafe-eval') refuses and browsers report as a
// violation on every page with a form.
import { z } from 'zod';

z.config({ jitless: true });

export { z };

/** The OpenAPI document's way of saying that an object holds at least one of `keys`. */
export const anyOfRequired = (keys: readonly string[]) => ({ anyOf: keys.map((k) => ({ required: [k] })) });

/**
 * An object that must hold at least one of `keys`. The one list gives both the check and the OpenAPI
 * document's `anyOf` of `required`, so that the document refuses `{}` exactly as the server does.
 * `path` names the field the refusal is shown under (none: the whole body).
 */
export function atLeastOneOf<T extends z.ZodObject>(
  schema: T,
  keys: readonly (keyof z.output<T> & string)[],
  message: string,
  path: string[] = [],
) {
  return schema
    .refine((b) => keys.some((k) => (b as Record<string, unknown>)[k] !== undefined), { message, path })
    .meta(anyOfRequired(keys));
}

/**
 * Text the database stores, trimmed, then at least `min` characters long, as one pattern that zod checks
 * and the OpenAPI document shows (its minLength alone would count the untrimmed text). No NUL anywhere:
 * PostgreSQL's text cannot hold it. Apply it before `.trim()`, in place of a `.min()` after it.
 */
export function storedText(min: number): RegExp {
  const any = '[^\\u0000]';
  const edge = '[^\\s\\u0000]';
  if (min === 0) return new RegExp(`^${any}*$`);
  if (min === 1) return new RegExp(`^${any}*${edge}${any}*$`);
  return new RegExp(`^\\s*${edge}${any}{${min - 2},}${edge}\\s*$`);
}
