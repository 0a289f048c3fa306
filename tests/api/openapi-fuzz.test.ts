// The OpenAPI-driven fuzzer (tests/reliability/lib/openapi-fuzz.ts) against the app in process: every
// operation /api/openapi.json documents, with no token, a user's and an admin's, FUZZ_RUNS cases each
// (a few by default, so that it runs after every change; `FUZZ_RUNS=1000 npm run reliability fuzz` is the
// long run over HTTP). Each answer must be documented, in its documented shape, never a 5xx or a stack.
// Odd spellings of the documented paths, other methods and hostile headers: never a 5xx either.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdmin } from '../../src/server/cli/admin-commands.ts';
import { enquiries } from '../../src/server/db/schema.ts';
import { freshIp, signUp, startTestApi, type TestApi } from '../helpers/api.ts';
import { type GithubOAuth, startGithubOAuth } from '../helpers/github-oauth.ts';
import { type OidcProvider, startOidcProvider } from '../helpers/oidc-provider.ts';
import type { OpenApiDocument } from '../reliability/lib/openapi-cases.ts';
import { fuzzEndpoint, paths } from '../reliability/lib/fuzz.ts';
import { fuzzDocument, reachedHandlers, type Target } from '../reliability/lib/openapi-fuzz.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
// FUZZ_SEED repeats a run: the seed is printed with the figures.
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

let t: TestApi;
let oidc: OidcProvider;
let github: GithubOAuth;
beforeAll(async () => {
  // Google's and GitHub's sign-in against local mocks, so that their operations reach the code exchange.
  oidc = await startOidcProvider();
  github = await startGithubOAuth();
  // TRUST_PROXY: each case comes from an address of its own, so per-address limits do not end the run early.
  t = await startTestApi({ TRUST_PROXY: 'true', ...oidc.env, ...github.env });
});
afterAll(async () => {
  await t?.close();
  await oidc?.close();
  await github?.close();
});

async function send(method: string, url: string, headers: Record<string, string>, body?: string) {
  // Control characters cannot travel in an HTTP header (a client refuses them, as Request does).
  const clean: Record<string, string> = { 'x-forwarded-for': freshIp() };
  for (const [k, v] of Object.entries(headers)) clean[k] = v.replace(/[^\t\x20-\x7e]/g, ' ').trim();
  const res = await t.api.app.request(url, { method, headers: clean, body }, { incoming: { socket: {} } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('the OpenAPI fuzzer, in process', () => {
  it('answers every generated request with a documented status and body, and a wrong method with 405', async () => {
    const user = await signUp(t);
    const admin = await signUp(t);
    await setAdmin(t.api.db, admin.email, true);
    const spare = await Promise.all([signUp(t), signUp(t)]);
    for (let i = 0; i < 2; i++) {
      const sent = await t.call('POST', '/form/contact', {
        body: { name: 'Fuzz', email: 'fuzz@example.com', phoneNumber: '+91 98765 43210', message: `fuzz enquiry ${i}` },
        ip: freshIp(),
      });
      expect(sent.status).toBe(201);
    }
    const stored = await t.api.db.select({ id: enquiries.id }).from(enquiries);
    const accounts = { user, admin };
    const target: Target = {
      knownIds: [...spare.map((s) => s.user._id), ...stored.map((r) => r.id)],
      token: (kind) => accounts[kind].token,
      send: (c) => send(c.method, c.url, c.headers, c.body),
      async renew(kind) {
        const account = accounts[kind];
        const me = await t.call('GET', '/v1/auth/user', { token: account.token, ip: freshIp() });
        if (me.status !== 401) return false;
        const res = await t.call('POST', '/v1/auth/sign-in', {
          body: { email: account.email, password: account.password },
          ip: freshIp(),
        });
        if (res.status !== 200) throw new Error(`could not sign in again as the ${kind}: ${res.status}`);
        account.token = res.body.token;
        return true;
      },
    };
    const doc = (await (await t.api.app.request('/api/openapi.json')).json()) as OpenApiDocument;
    const f = await fuzzDocument(doc, target, RUNS, SEED);
    console.log(
      `openapi fuzz (in process): ${f.cases} cases over ${Object.keys(f.perOperation).length} operation × token ` +
        `kinds (${RUNS} each), ${f.methodCases} wrong-method requests, seed ${SEED}`,
    );
    expect(f.failures).toEqual([]);
    for (const [name, op] of Object.entries(f.perOperation)) expect(op.cases, name).toBe(RUNS);
    expect(f.methodCases).toBeGreaterThan(0);
    // The tokens were real: signed-in kinds reached the handlers (2xx), and the admin's reached admin routes.
    expect(reachedHandlers(f, 'user', '/api/v1/account')).toBe(true);
    expect(reachedHandlers(f, 'admin', '/api/v1/admin/')).toBe(true);
  }, 300_000);

  it('answers odd spellings of every documented path, any method, hostile bodies and headers, never with a 5xx', async () => {
    const user = await signUp(t);
    const doc = (await (await t.api.app.request('/api/openapi.json')).json()) as OpenApiDocument;
    const documented = Object.keys(doc.paths).map((p) =>
      p.replace(/^\/api/, '').replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
    );
    const statuses = await fuzzEndpoint(
      t.api.app,
      { method: 'POST', path: fc.constantFrom(...documented).chain(paths), tokens: [user.token] },
      RUNS * 50,
    );
    console.log(`odd spellings: ${JSON.stringify(statuses)}`);
    // Some cases reached a route's own checks (its sign-in, media type or handler), not only the router and
    // the URL's parsing (400, 404, 405). A 2xx is too rare among random methods and bodies to ask for.
    expect(Object.keys(statuses).some((s) => !['400', '404', '405'].includes(s))).toBe(true);
  });
});
