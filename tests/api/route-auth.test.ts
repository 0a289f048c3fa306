// The contract and the guards cannot drift: every operation of /api/openapi.json that declares bearer
// security refuses a call without a token (401), those that require the 'admin' role refuse a plain
// user (403), the operations without security are exactly the intended public ones, and every body
// is limited. Calls carry a valid-looking body, query and path, so that only a guard can answer 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/lib/constants.ts';
import { freshIp, signUp, startTestApi, type Account, type TestApi } from '../helpers/api.ts';

/** The calls anyone may make. A new public route must be added here on purpose. */
const PUBLIC = [
  'GET /api/health',
  'GET /api/v1/auth/google',
  'GET /api/v1/cms/auth',
  'GET /api/v1/cms/callback',
  'POST /api/form/contact',
  'POST /api/v1/auth/reset-otp',
  'POST /api/v1/auth/reset-password',
  'POST /api/v1/auth/sign-in',
  'POST /api/v1/auth/passkey',
  'POST /api/v1/auth/passkey/options',
  'POST /api/v1/auth/two-factor',
  'POST /api/v1/auth/signup',
  'POST /api/v1/analytics/view',
  'GET /api/v1/bookings/slots',
  'GET /api/v1/bookings/feed',
  'POST /api/v1/bookings',
  'POST /api/v1/bookings/manage',
  'POST /api/v1/bookings/cancel',
  'POST /api/v1/bookings/reschedule',
];

interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface Operation {
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
}

interface Call {
  name: string;
  method: string;
  path: string;
  body: unknown;
  roles: string[] | undefined;
}

const UUID = '00000000-0000-4000-8000-000000000000';

/** A value the schema accepts, good enough to get past validation (which runs after the guards anyway). */
function example(schema: JsonSchema): unknown {
  if (schema.type === 'object') {
    const entries = (schema.required ?? []).map((key) => [key, example(schema.properties?.[key] ?? {})]);
    return Object.fromEntries(entries);
  }
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return true;
  if (schema.format === 'email') return 'walker@example.com';
  if (schema.format === 'uuid') return UUID;
  const digits = /\\d\{(\d+)\}/.exec(schema.pattern ?? '');
  if (digits) return '1'.repeat(Number(digits[1]));
  return 'Walker'.padEnd(schema.minLength ?? 1, 'x');
}

function toCall(method: string, path: string, op: Operation): Call {
  let url = path.replace(/^\/api/, '');
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    if (p.in === 'path') url = url.replace(`{${p.name}}`, String(example(p.schema)));
    else if (p.in === 'query' && p.required) query.set(p.name, String(example(p.schema)));
  }
  if (query.size > 0) url += `?${query}`;
  const schema = op.requestBody?.content['application/json'].schema;
  const roles = op.security?.find((s) => 'bearer' in s)?.bearer;
  return {
    name: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path: url,
    body: schema && example(schema),
    roles,
  };
}

let t: TestApi;
let user: Account;
let calls: Call[];
beforeAll(async () => {
  t = await startTestApi();
  user = await signUp(t);
  const doc = await t.call('GET', '/openapi.json');
  expect(doc.status).toBe(200);
  const paths = doc.body.paths as Record<string, Record<string, Operation>>;
  calls = Object.entries(paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => toCall(method, path, op)),
  );
});
afterAll(() => t.close());

describe('routes declared in /api/openapi.json', () => {
  it('are public exactly when intended', () => {
    const open = calls.filter((c) => c.roles === undefined).map((c) => c.name);
    expect(open.sort()).toEqual([...PUBLIC].sort());
    expect(calls.length).toBeGreaterThan(PUBLIC.length);
  });

  it('answer 401 without a token wherever they declare bearer security', async () => {
    const wrong: string[] = [];
    for (const call of calls.filter((c) => c.roles !== undefined)) {
      const res = await t.call(call.method, call.path, { body: call.body, ip: freshIp() });
      if (res.status !== 401 || res.body.success !== false || typeof res.body.message !== 'string') {
        wrong.push(`${call.name} answered ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answer 403 to a signed-in user wherever they require the 'admin' role", async () => {
    const adminOnly = calls.filter((c) => c.roles?.includes('admin'));
    expect(adminOnly.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const call of adminOnly) {
      const res = await t.call(call.method, call.path, { body: call.body, token: user.token, ip: freshIp() });
      if (res.status !== 403) wrong.push(`${call.name} answered ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answer 413 to a body over the largest limit, before any guard', async () => {
    const big = { padding: 'x'.repeat(LIMITS.contactBodyBytes) };
    const withBody = calls.filter((c) => c.body !== undefined);
    expect(withBody.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const call of withBody) {
      const res = await t.call(call.method, call.path, { body: big, ip: freshIp() });
      if (res.status !== 413) wrong.push(`${call.name} answered ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});
