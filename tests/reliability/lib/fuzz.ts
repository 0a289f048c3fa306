// Generators of hostile requests for the fuzzers (openapi-cases.ts, tests/api/openapi-fuzz.test.ts), and the
// one property every answer must have: never a 5xx, never a stack trace, always the JSON error shape.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Hono } from 'hono';

/** Generated cases per endpoint (the issue asks for at least 1,000); FUZZ_RUNS lowers it for a quick look. */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

export interface FuzzRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  body: string | undefined;
  authorization: string | undefined;
  forwardedFor: string | undefined;
  userAgent: string | undefined;
}

/** A long string of repeated (possibly astral or broken-surrogate) text, around and over the body limits (4 and 16 KiB). */
const hugeString = fc
  .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }), fc.integer({ min: 200, max: 20_000 }))
  .map(([s, n]) => s.repeat(Math.ceil(n / s.length)).slice(0, n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  hugeString,
  fc.emailAddress(),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b@example.com',
    'null',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, meant literally
    '${jndi:ldap://x}',
    '../../etc/passwd',
    '\uFEFF',
    '\uD800',
    '\uDFFF\uD800',
    'Ωmega@exämple.com',
    '%00',
    '\r\nX-Injected: 1',
    '123456',
    '00000a',
    'global',
    '00000000-0000-0000-0000-000000000000',
  ),
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/**
 * Bodies for an endpoint whose valid body has these fields: each field valid or hostile or missing,
 * extra fields, other JSON documents, truncated JSON, non-JSON text, no body.
 */
export function bodies(valid: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string | undefined> {
  const fields = Object.fromEntries(
    Object.entries(valid).map(([k, arb]) => [k, fc.oneof({ weight: 2, arbitrary: arb }, hostileValue)]),
  );
  const mutated = fc.record(fields, { requiredKeys: [] });
  const withExtra = fc
    .tuple(mutated, fc.dictionary(fc.string({ maxLength: 16 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }))
    .map(([b, extra]) => ({ ...extra, ...b }));
  const broken = mutated.chain((b) => {
    const text = JSON.stringify(b);
    return fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((n) => text.slice(0, n));
  });
  return fc.oneof(
    { weight: 4, arbitrary: mutated.map((b) => JSON.stringify(b)) },
    { weight: 2, arbitrary: withExtra.map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: broken },
    { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{', '{"a":', '[1,2', '{"__proto__":{"isAdmin":true}}', 'true', '1e999', ''),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

export const contentTypes = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  fc.constantFrom(
    undefined,
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=utf-16',
    'application/problem+json',
    'application/jsonx',
    'APPLICATION/JSON',
    '*/*',
    '',
  ),
);

const methods = (method: string) =>
  fc.oneof(
    { weight: 10, arbitrary: fc.constant(method) },
    fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
  );

/** The endpoint's own path, or an odd spelling of it: trailing and doubled slashes, bad escapes, dot segments, queries. */
export const paths = (path: string) =>
  fc.oneof(
    { weight: 10, arbitrary: fc.constant(path) },
    fc.constantFrom(
      `${path}/`,
      `${path}//`,
      path.toUpperCase(),
      `${path}?x=%ZZ`,
      `${path}/%00`,
      `${path}/..`,
      `${path}/%2e%2e/%2e%2e`,
      `${path}?__proto__[isAdmin]=true`,
      `${path}/%F0%9F%92%A9`,
      `${path}%`,
      `${path};jsessionid=1`,
      `/${path}`,
    ),
    fc.webPath().map((p) => `${path}${p}`),
    fc.webQueryParameters().map((q) => `${path}?${q}`),
  );

/** Header values are ASCII by HTTP's rules (a client cannot send anything else); within that, anything. */
const asciiHeader = fc.string({ unit: 'binary-ascii', maxLength: 300 }).map((s) => s.replace(/[\r\n\0]/g, ' ').trim());

/** Browsers, a crawler, or any ASCII: what the analytics beacon judges a visitor by. */
const userAgents = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    ),
  },
  asciiHeader,
);

export function authorizations(validTokens: string[]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: validTokens.length
        ? fc.constantFrom(...validTokens).map((t) => `Bearer ${t}`)
        : fc.constant(undefined),
    },
    fc.constant(undefined),
    asciiHeader,
    asciiHeader.map((s) => `Bearer ${s}`),
    fc.constantFrom('Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', `Bearer ${'A'.repeat(8000)}`, 'bearer null'),
  );
}

export interface EndpointSpec {
  method: string;
  path: fc.Arbitrary<string> | string;
  body?: fc.Arbitrary<string | undefined>;
  tokens?: string[];
}

export function requests(spec: EndpointSpec): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    method: methods(spec.method),
    path: typeof spec.path === 'string' ? paths(spec.path) : spec.path,
    contentType: contentTypes,
    body: spec.body ?? fc.option(fc.string({ unit: 'binary', maxLength: 50 }), { nil: undefined }),
    authorization: authorizations(spec.tokens ?? []),
    forwardedFor: fc.option(asciiHeader, { nil: undefined }),
    userAgent: fc.option(userAgents, { nil: undefined }),
  });
}

let ipSeq = 0;

/** Sends one generated request to the in-process app (each from its own socket address). */
export async function send(app: Hono, req: FuzzRequest) {
  const headers = new Headers();
  if (req.contentType !== undefined) headers.set('content-type', req.contentType);
  if (req.authorization !== undefined) headers.set('authorization', req.authorization);
  if (req.forwardedFor !== undefined) headers.set('x-forwarded-for', req.forwardedFor);
  if (req.userAgent !== undefined) headers.set('user-agent', req.userAgent);
  const hasBody = req.body !== undefined && req.method !== 'GET' && req.method !== 'HEAD';
  ipSeq++;
  const url = `http://localhost/api${req.path.startsWith('/') ? '' : '/'}${req.path}`;
  // Dot segments (also as %2e) can climb out of /api; the `npm start` server never hands such a path to the API.
  const inApi = /^\/api(\/|$)/.test(new URL(url).pathname);
  const res = await app.request(
    url,
    { method: req.method, headers, body: hasBody ? req.body : undefined },
    { incoming: { socket: { remoteAddress: `10.9.${(ipSeq >> 8) & 255}.${ipSeq & 255}` } } },
  );
  return { status: res.status, headers: res.headers, text: await res.text(), inApi };
}

const STACK = /\n\s+at |\bat \S+ \(|\.ts:\d+|node_modules|\bError: |TypeError|SyntaxError|ReferenceError/;
const ALLOWED_ERRORS = new Set([400, 401, 403, 404, 405, 409, 413, 415, 429]);

/** The property: a documented 4xx in the JSON error shape, or a JSON success; never a 5xx or a stack trace. */
export function checkAnswer(req: FuzzRequest, res: { status: number; headers: Headers; text: string; inApi: boolean }) {
  const what = `${req.method} ${req.path} [${req.contentType}] → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, what).toBeLessThan(500);
  if (res.inApi) {
    expect(res.headers.get('cache-control'), what).toBe('no-store');
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  }
  expect(res.text, what).not.toMatch(STACK);
  if (req.method === 'HEAD' || res.status === 204) return;
  // A download (the admin's CSV export) is the one success that is not JSON.
  if (res.status < 300 && /^text\/csv;/.test(res.headers.get('content-type') ?? '')) return;
  // The content editor's sign-in goes to GitHub (a redirect) and comes back to a page that hands the
  // result, or the refusal, to the editor that opened the window.
  if (res.status === 302 && req.path.startsWith('/v1/cms/auth')) {
    expect(res.headers.get('location'), what).toMatch(/^https?:\/\//);
    return;
  }
  if (/^text\/html;/.test(res.headers.get('content-type') ?? '') && req.path.startsWith('/v1/cms/callback')) {
    expect(res.text, what).toContain(`"result":"${res.status === 200 ? 'success' : 'error'}"`);
    return;
  }
  expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
  const body = JSON.parse(res.text) as { success?: unknown; message?: unknown; issues?: unknown };
  if (res.status >= 400) {
    expect(ALLOWED_ERRORS.has(res.status), what).toBe(true);
    expect(body.success, what).toBe(false);
    expect(typeof body.message, what).toBe('string');
    if (body.issues !== undefined) {
      expect(Array.isArray(body.issues), what).toBe(true);
      for (const issue of body.issues as unknown[]) {
        expect(issue, what).toEqual({ path: expect.any(String), message: expect.any(String) });
      }
    }
    if (res.status === 429) expect(Number(res.headers.get('retry-after')), what).toBeGreaterThan(0);
  } else if ('success' in body) {
    expect(body.success, what).toBe(true);
  }
}

/** Runs the property for one endpoint and returns how many answers each status got. */
export async function fuzzEndpoint(app: Hono, spec: EndpointSpec, numRuns = RUNS): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  await fc.assert(
    fc.asyncProperty(requests(spec), async (req) => {
      const res = await send(app, req);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      checkAnswer(req, res);
    }),
    { numRuns },
  );
  return statuses;
}
