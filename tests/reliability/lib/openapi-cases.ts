// What the OpenAPI-driven fuzzer (openapi-fuzz.ts) sends: the operations /api/openapi.json documents, and
// for each a fast-check arbitrary of requests made from the document's own schemas — valid ones
// (schema-arbitraries.ts) and mutated ones (the hostile generators of fuzz.ts) — with no token, a user's
// or an admin's (a placeholder the run replaces with the current token). Vitest-free, so that
// `npm run reliability` can run it too.
import fc from 'fast-check';
import { authorizations, bodies, contentTypes, hostileString } from './fuzz.ts';
import { type JsonSchema, resolve, allowedValues } from './schema-arbitraries.ts';

export type TokenKind = 'none' | 'user' | 'admin';
export const TOKEN_KINDS: TokenKind[] = ['none', 'user', 'admin'];

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}
interface Response {
  content?: Record<string, { schema?: JsonSchema }>;
}
interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, Response>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: unknown;
}

export interface Operation {
  method: string;
  path: string;
  name: string;
  op: OperationObject;
}

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operations(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, name: `${method.toUpperCase()} ${path}`, op })),
  );
}

export interface FuzzCase {
  valid: boolean;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Stands for the kind's current token in a generated case; replaced when the case is sent. */
export const TOKEN = 'TOKEN';

const enc = (v: unknown) => encodeURIComponent(String(v).toWellFormed());

function jsonBodySchema(op: OperationObject): JsonSchema | undefined {
  return op.requestBody?.content?.['application/json']?.schema;
}

function queryString(pairs: [string, unknown][]): string {
  const q = pairs.filter(([, v]) => v !== undefined).map(([k, v]) => `${enc(k)}=${enc(v)}`);
  return q.length ? `?${q.join('&')}` : '';
}

/** The document's path with each {param} filled in. */
function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => enc(values[name]));
}

/**
 * Requests for one operation as one token kind: valid ones, and ones with hostile parameters, bodies,
 * content types and authorizations. `knownIds` (rows that exist) are mixed into valid ids so that
 * handlers past the lookup run.
 */
export function caseArbitrary(
  o: Operation,
  doc: OpenApiDocument,
  knownIds: string[],
  kind: TokenKind,
): fc.Arbitrary<FuzzCase> {
  const params = (o.op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const valueFor = (p: Parameter) => {
    const schema = resolve(p.schema, doc);
    const valid = allowedValues(schema, doc);
    return schema.format === 'uuid' && knownIds.length ? fc.oneof(valid, fc.constantFrom(...knownIds)) : valid;
  };
  const validParams = fc.record(Object.fromEntries(params.map((p) => [p.name, valueFor(p)])), {
    requiredKeys: params.filter((p) => p.in === 'path' || p.required).map((p) => p.name),
  });
  // '.' and '..' cannot be a path segment's value: URLs resolve them as dot segments before sending.
  const hostile = hostileString.filter((s) => s !== '.' && s !== '..');
  const hostileParams = fc.record(
    Object.fromEntries(params.map((p) => [p.name, fc.oneof(valueFor(p), hostile, fc.constant(''))])),
    { requiredKeys: params.filter((p) => p.in === 'path').map((p) => p.name) },
  );
  const bodySchema = jsonBodySchema(o.op);
  const validBody = bodySchema
    ? allowedValues(bodySchema, doc).map((b) => JSON.stringify(b))
    : fc.constant<string | undefined>(undefined);
  const resolvedBody = bodySchema && resolve(bodySchema, doc);
  const hostileBody = resolvedBody
    ? bodies(
        Object.fromEntries(Object.entries(resolvedBody.properties ?? {}).map(([k, s]) => [k, allowedValues(s, doc)])),
      )
    : fc.constant<string | undefined>(undefined);
  const auth = kind === 'none' ? fc.constant(undefined) : fc.constant(`Bearer ${TOKEN}`);

  const build = (
    valid: boolean,
    values: Record<string, unknown>,
    body: string | undefined,
    contentType: string | undefined,
    authorization: string | undefined,
  ): FuzzCase => {
    const query = params.filter((p) => p.in === 'query').map((p) => [p.name, values[p.name]] as [string, unknown]);
    const headers: Record<string, string> = {};
    if (body !== undefined && contentType !== undefined) headers['content-type'] = contentType;
    if (authorization !== undefined) headers.authorization = authorization;
    return { valid, method: o.method, url: fillPath(o.path, values) + queryString(query), headers, body };
  };
  const validCase = fc
    .tuple(validParams, validBody, auth)
    .map(([values, body, authorization]) => build(true, values, body, 'application/json', authorization));
  const mutated = fc
    .tuple(
      fc.oneof(validParams, hostileParams),
      fc.oneof(validBody, hostileBody),
      contentTypes,
      kind === 'none' ? fc.oneof(fc.constant(undefined), authorizations([])) : authorizations([TOKEN]),
    )
    .map(([values, body, type, authorization]) => build(false, values, body, type, authorization));
  return fc.oneof(validCase, mutated);
}
