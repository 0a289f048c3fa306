// Values that a JSON Schema (as /api/openapi.json writes them, OpenAPI 3.1) allows, as fast-check
// arbitraries: the "valid" half of the OpenAPI-driven fuzzer's cases (openapi-cases.ts). Covers what the
// document uses — type (or a list of types), enum, const, string lengths, pattern and the formats email,
// uuid and date-time, number bounds, arrays, objects with required keys, anyOf / oneOf / allOf and local
// $ref.
import fc from 'fast-check';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  [key: string]: unknown;
};

/** Follows a local `$ref` (`#/components/schemas/X`) through the document. */
export function resolve(schema: JsonSchema, doc: unknown): JsonSchema {
  let s = schema;
  for (let depth = 0; s.$ref && depth < 10; depth++) {
    const target = s.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown>)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
        doc,
      );
    if (!target) throw new Error(`unresolved $ref ${s.$ref}`);
    s = target as JsonSchema;
  }
  return s;
}

/** One branch of anyOf / oneOf (or allOf's parts) laid over the schema around it: its keys win, `required` adds up. */
function overlay(base: JsonSchema, part: JsonSchema): JsonSchema {
  const { anyOf: _a, oneOf: _o, allOf: _l, ...rest } = base;
  return {
    ...rest,
    ...part,
    properties: { ...rest.properties, ...part.properties },
    required: [...(rest.required ?? []), ...(part.required ?? [])],
  };
}

const HEX = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const MAX_ITEMS = 4;

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 64);
  const fits = (v: string) => v.length >= min && v.length <= max;
  const pattern = s.pattern === undefined ? undefined : new RegExp(s.pattern, 'u');
  const matches = (v: string) => fits(v) && (pattern === undefined || pattern.test(v));
  // Any 8-4-4-4-12 hex string is a uuid by the format's rule, in either case and whatever its version digit.
  if (s.format === 'uuid') return fc.stringMatching(HEX).filter(matches);
  if (s.format === 'email') return fc.emailAddress().filter(matches);
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (pattern) return fc.stringMatching(pattern).filter(matches);
  // Any Unicode text, control characters and astral characters included: what JSON can carry.
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, min + 40) }) },
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, min + 40) }),
    fc.string({ unit: 'binary', minLength: min, maxLength: Math.min(max, min + 40) }).filter(fits),
    fc.string({ minLength: max, maxLength: max }),
    // Only whitespace, or text wrapped in it: what a schema's lengths and a server's trimming may disagree on.
    fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0'), minLength: min, maxLength: Math.min(max, min + 4) }),
    fc
      .tuple(fc.string({ maxLength: 2 }), fc.constantFrom(' ', '  ', '\n'))
      .map(([s, pad]) => `${pad}${s}${pad}`)
      .filter(fits),
  );
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum === undefined ? undefined : s.exclusiveMinimum + (integer ? 1 : 0));
  const max = s.maximum ?? (s.exclusiveMaximum === undefined ? undefined : s.exclusiveMaximum - (integer ? 1 : 0));
  if (integer) return fc.integer({ min: min ?? -1_000_000, max: max ?? 1_000_000 });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0));
}

/** An arbitrary of the values `schema` allows. */
export function allowedValues(schema: JsonSchema, doc: unknown): fc.Arbitrary<unknown> {
  const s = resolve(schema, doc);
  if (s.allOf) return allowedValues(s.allOf.reduce(overlay, { ...s, allOf: undefined }), doc);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => allowedValues(overlay(s, resolve(b, doc)), doc)));
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => allowedValues({ ...s, type }, doc)));
  switch (types[0]) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(allowedValues(s.items ?? {}, doc), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? MAX_ITEMS, (s.minItems ?? 0) + MAX_ITEMS),
      });
    case 'object':
      return fc.record(
        Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, p]) => [k, allowedValues(p, doc)])),
        {
          requiredKeys: (s.required ?? []).filter((k) => s.properties?.[k]),
        },
      );
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
