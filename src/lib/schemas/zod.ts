// zod for the shared schemas. jitless: zod 4 otherwise probes `new Function` to compile its object
// parsers, which our Content-Security-Policy (no 'unsafe-eval') refuses and browsers report as a
// violation on every page with a form.
import { z } from 'zod';

z.config({ jitless: true });

export { z };

/**
 * An object that must hold at least one of `keys`. The one list gives both the check and the OpenAPI
 * document's `anyOf` of `required`, so that the document refuses `{}` exactly as the server does.
 */
export function atLeastOneOf<T extends z.ZodObject>(
  schema: T,
  keys: readonly (keyof z.output<T> & string)[],
  message: string,
) {
  return schema
    .refine((b) => keys.some((k) => (b as Record<string, unknown>)[k] !== undefined), { message })
    .meta({ anyOf: keys.map((k) => ({ required: [k] })) });
}
