// The OpenAPI-driven fuzzer's run: for every operation /api/openapi.json documents, it sends the cases of
// openapi-cases.ts with no token, a user's and an admin's. Every answer must have a status the operation
// documents, a body that matches the schema documented for that status, no 5xx and no stack trace; a
// request the schema allows must not be refused with 400 (unless for a reason that depends on stored
// state, listed below). A method a documented path does not serve must answer 405 with `Allow`.
// Vitest-free, so that `npm run reliability` can run it too.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import {
  caseArbitrary,
  type FuzzCase,
  METHODS,
  type OpenApiDocument,
  type Operation,
  operations,
  TOKEN,
  TOKEN_KINDS,
  type TokenKind,
} from './openapi-cases.ts';
import { type JsonSchema, resolve } from './schema-arbitraries.ts';

/** Where the fuzzer sends a case, and the accounts it sends them as. */
export interface Target {
  send(c: FuzzCase): Promise<{ status: number; headers: Headers; text: string }>;
  /** The current token of a signed-in kind. */
  token(kind: Exclude<TokenKind, 'none'>): string;
  /** Signs in again when the kind's session has ended (a generated sign-out); true when it had. */
  renew(kind: Exclude<TokenKind, 'none'>): Promise<boolean>;
  /** Ids of rows that exist (enquiries, spare users), mixed into valid ids so that handlers past the lookup run. */
  knownIds: string[];
}

/**
 * 400s a request the schema allows may still get, because the answer depends on what is stored or
 * configured (a mailed code, the account's password, whether it has one, the site's address), which no
 * schema can state.
 */
const STATE_REFUSALS = new Set([
  'Invalid code',
  'Invalid or expired code. Please request a new one.',
  'Too many wrong attempts. Please request a new code.',
  'Your account is already verified',
  'This account is already verified',
  'This password is too common: it appears in lists of leaked passwords. Please choose another.',
  'Choose a new password that differs from your current one',
  'Your account has a password: confirm with it instead',
  'Enter your current password',
  'Enter the 6-digit code we sent to your e-mail',
  'redirect_uri must be this site’s /google-verify page',
  'This passkey could not be verified',
  // The content editor's GitHub sign-in page, for a state that was not issued, has expired or was used.
  'The sign-in link is not valid. Please sign in again.',
  'The sign-in took too long. Please sign in again.',
  'This sign-in link was already used. Please sign in again.',
  // Book a Call: whether a time is offered depends on the clock and the hours in content/site.json; a
  // blocked range's end after its start is a rule across two fields, which JSON Schema cannot state.
  'That time is not offered. Please pick one of the listed times.',
  'The end must be after the start',
]);

/** Cases in flight at once (the server hashes passwords on its thread pool, so they overlap). */
const CONCURRENCY = 4;

/**
 * Node's HTTP parser answers a request line and headers over its 16 KiB limit itself, with an empty 431,
 * before the API sees the request: not an answer of any operation.
 */
const HEADERS_TOO_LARGE = 431;

const STACK = /\n\s+at |\bat \S+ \(|\.ts:\d+|node_modules|\bError: |TypeError|SyntaxError|ReferenceError/;

type Answer = { status: number; headers: Headers; text: string };

/**
 * A 400 for a request the schema allows is a failure, unless it names a refusal that depends on state:
 * as its message, or (a page, not JSON) anywhere in its text.
 */
function refusedValid(c: FuzzCase, res: Answer, body?: unknown): string | undefined {
  if (!c.valid || res.status !== 400) return undefined;
  const message = (body as { message?: unknown } | undefined)?.message;
  const named =
    body === undefined ? [...STATE_REFUSALS].some((m) => res.text.includes(m)) : STATE_REFUSALS.has(String(message));
  return named ? undefined : 'a request the schema allows was refused with 400';
}

/** The checks of one operation's answers; a failure is described, a pass is undefined. */
function answerChecker(o: Operation, doc: OpenApiDocument, ajv: Ajv2020) {
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: JsonSchema) => {
    let v = validators.get(key);
    if (!v) {
      // The document's components ride along, so that a local $ref in the schema resolves.
      v = ajv.compile({ ...schema, components: doc.components });
      validators.set(key, v);
    }
    return v;
  };
  return (c: FuzzCase, res: Answer): string | undefined => {
    if (res.status >= 500) return `a ${res.status}`;
    if (res.status === HEADERS_TOO_LARGE) return undefined;
    if (STACK.test(res.text)) return 'a stack trace in the answer';
    const documented = o.op.responses[String(res.status)] ?? o.op.responses[`${String(res.status)[0]}XX`];
    if (!documented) return `status ${res.status} is not documented (${Object.keys(o.op.responses).join(', ')})`;
    const type = res.headers.get('content-type') ?? '';
    const content = documented.content ?? {};
    if (Object.keys(content).length === 0) return refusedValid(c, res);
    const media = Object.keys(content).find((m) => type.startsWith(m));
    if (!media) return `content-type ${type} is not documented for ${res.status}`;
    const schema = content[media]?.schema;
    if (media !== 'application/json' || !schema) return refusedValid(c, res);
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      return 'the body is not JSON';
    }
    const validate = validatorFor(`${res.status} ${media}`, resolve(schema, doc));
    if (!validate(body)) return `the body does not match the ${res.status} schema: ${ajv.errorsText(validate.errors)}`;
    return refusedValid(c, res, body);
  };
}

export interface FuzzFigures {
  /** Cases sent, per operation and token kind ("GET /api/x [user]"), and their statuses. */
  perOperation: Record<string, { cases: number; valid: number; statuses: Record<number, number> }>;
  cases: number;
  /** Wrong-method requests sent to documented paths (each must be a 405 with Allow). */
  methodCases: number;
  sessionsRenewed: number;
  /** Each kind of failure once (operation, token kind and problem), with how often it happened and an example. */
  failures: string[];
}

/**
 * Whether some operation under `path` answered a 2xx to the token kind `kind`: the tokens were real, and
 * reached the handlers.
 */
export function reachedHandlers(figures: FuzzFigures, kind: string, path: string): boolean {
  return Object.entries(figures.perOperation).some(
    ([name, op]) =>
      name.endsWith(`[${kind}]`) && name.includes(path) && Object.keys(op.statuses).some((s) => s.startsWith('2')),
  );
}

/**
 * Runs `runs` cases for every documented operation with each token kind, then the wrong-method checks.
 * The same `seed` generates the same cases (each operation and kind from its own offset of it).
 */
export async function fuzzDocument(
  doc: OpenApiDocument,
  target: Target,
  runs: number,
  seed: number,
): Promise<FuzzFigures> {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  const figures: FuzzFigures = { perOperation: {}, cases: 0, methodCases: 0, sessionsRenewed: 0, failures: [] };
  const seen = new Map<string, { count: number; example: string }>();
  const fail = (kind: string, example: string) => {
    const entry = seen.get(kind) ?? { count: 0, example };
    entry.count++;
    seen.set(kind, entry);
  };
  let offset = 0;
  for (const o of operations(doc)) {
    const check = answerChecker(o, doc, ajv);
    for (const kind of TOKEN_KINDS) {
      const key = `${o.name} [${kind}]`;
      const entry = { cases: 0, valid: 0, statuses: {} as Record<number, number> };
      figures.perOperation[key] = entry;
      const samples = fc.sample(caseArbitrary(o, doc, target.knownIds, kind), { numRuns: runs, seed: seed + offset++ });
      for (let i = 0; i < samples.length; i += CONCURRENCY) {
        let ended = false;
        await Promise.all(
          samples.slice(i, i + CONCURRENCY).map(async (c) => {
            const authorization = c.headers.authorization;
            const withToken = kind !== 'none' && authorization?.includes(TOKEN);
            if (withToken) c.headers.authorization = authorization!.replace(TOKEN, target.token(kind));
            const res = await target.send(c);
            entry.cases++;
            if (c.valid) entry.valid++;
            entry.statuses[res.status] = (entry.statuses[res.status] ?? 0) + 1;
            const problem = check(c, res);
            if (problem) {
              const sent = `${c.method} ${c.url.slice(0, 300)} ${c.body?.slice(0, 300) ?? ''}`;
              fail(`${key}: ${problem.slice(0, 120)}`, `${sent} → ${res.status} ${res.text.slice(0, 300)}`);
            }
            if (res.status === 401 && authorization === `Bearer ${TOKEN}`) ended = true;
          }),
        );
        // A generated sign-out may have ended this kind's session: sign in again before going on.
        if (ended && kind !== 'none' && (await target.renew(kind))) figures.sessionsRenewed++;
      }
      figures.cases += entry.cases;
    }
  }
  // A path template as a matcher of concrete paths, with any segment in place of each {param}.
  const matcher = (template: string) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  const all = operations(doc);
  for (const [path, item] of Object.entries(doc.paths)) {
    const served = Object.keys(item)
      .filter((m) => METHODS.includes(m))
      .map((m) => m.toUpperCase());
    const allow = new Set([...served, ...(served.includes('GET') ? ['HEAD'] : [])]);
    const url = path.replace(/\{[^}]+\}/g, 'x');
    for (const method of METHODS.map((m) => m.toUpperCase()).filter((m) => !allow.has(m))) {
      // Served by another template that also matches it (PATCH /contact/export is PATCH /contact/{id}).
      if (all.some((o) => o.method === method && o.path !== path && matcher(o.path).test(url))) continue;
      const res = await target.send({ valid: false, method, url, headers: {}, body: undefined });
      figures.methodCases++;
      const got = new Set(
        (res.headers.get('allow') ?? '')
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean),
      );
      let body: { success?: unknown; message?: unknown } = {};
      try {
        body = JSON.parse(res.text);
      } catch {
        /* checked below */
      }
      const same = got.size === allow.size && [...allow].every((m) => got.has(m));
      if (res.status !== 405 || !same || body.success !== false || typeof body.message !== 'string') {
        fail(
          `${method} ${path}: expected 405 with Allow ${[...allow].join(', ')}`,
          `${res.status} Allow: ${res.headers.get('allow')} ${res.text.slice(0, 200)}`,
        );
      }
    }
  }
  figures.failures = [...seen].map(([kind, { count, example }]) => `${kind} (${count}×), e.g. ${example}`);
  return figures;
}
