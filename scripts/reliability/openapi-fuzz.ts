// The OpenAPI fuzz run: the `npm start` server (embedded PGlite, rate limits on) is fuzzed from its own
// /api/openapi.json by tests/reliability/lib/openapi-fuzz.ts (with the cases of openapi-cases.ts), over
// real HTTP, with no token, a user's and an admin's. The accounts (and a few enquiries and spare users, whose ids the generator mixes in) are made
// first through the API in this process, since the embedded database has one process at a time.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config/config.ts';
import { setAdmin } from '../../src/server/cli/admin-commands.ts';
import { createApi } from '../../src/server/app.ts';
import { enquiries } from '../../src/server/db/schema.ts';
import { startGithubOAuth } from '../../tests/helpers/github-oauth.ts';
import { startOidcProvider } from '../../tests/helpers/oidc-provider.ts';
import { startServer } from '../../tests/helpers/server.ts';
import { type FuzzFigures, fuzzDocument, type Target } from '../../tests/reliability/lib/openapi-fuzz.ts';
import type { OpenApiDocument } from '../../tests/reliability/lib/openapi-cases.ts';
import { call, enquiry, nextIp } from './common.ts';
import { removeOnExit } from '../../tests/helpers/leftovers.ts';

export interface OpenApiFuzzOptions {
  distDir: string;
  /** Cases per operation and token kind. */
  runs: number;
  /** fast-check's seed: a failure's printed seed generates the same cases again. */
  seed: number;
}

interface Account {
  email: string;
  password: string;
  token: string;
}

const SPARE_USERS = 3;
const ENQUIRIES = 3;

/** Signs up the fuzzer's user, admin and spare users and sends enquiries, in-process; returns them. */
async function seed(dataDir: string) {
  const api = await createApi(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', TRUST_PROXY: 'true' }),
    {
      pollOutbox: false,
    },
  );
  try {
    const post = async (url: string, body: unknown) => {
      const res = await api.app.request(`/api${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp(12) },
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`seed ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { token: string; user: { _id: string } };
    };
    const signUp = async (name: string): Promise<Account & { id: string }> => {
      const email = `${name}-${Date.now()}@example.com`;
      const password = `Fuzz-${name}-Tr0ub4dor`;
      const res = await post('/v1/auth/signup', { name: `Fuzz ${name}`, email, password });
      return { email, password, token: res.token, id: res.user._id };
    };
    const user = await signUp('user');
    const admin = await signUp('admin');
    await setAdmin(api.db, admin.email, true);
    const spare: string[] = [];
    for (let i = 0; i < SPARE_USERS; i++) spare.push((await signUp(`spare${i}`)).id);
    for (let i = 0; i < ENQUIRIES; i++) await post('/form/contact', enquiry(`fuzz enquiry ${i}`));
    const rows = await api.db.select({ id: enquiries.id }).from(enquiries);
    return { user, admin, knownIds: [...spare, ...rows.map((r) => r.id)] };
  } finally {
    await api.close();
  }
}

export async function openApiFuzzRun(opts: OpenApiFuzzOptions): Promise<FuzzFigures> {
  const dataDir = removeOnExit(await mkdtemp(path.join(tmpdir(), 'rel-fuzz-')));
  try {
    const { user, admin, knownIds } = await seed(dataDir);
    // Google's and GitHub's sign-in against local mocks, so that their operations reach the code exchange.
    const oidc = await startOidcProvider();
    const github = await startGithubOAuth();
    const server = await startServer({
      env: { DATA_DIR: dataDir, DIST_DIR: opts.distDir, TRUST_PROXY: 'true', ...oidc.env, ...github.env },
    });
    try {
      const accounts = { user, admin };
      const target: Target = {
        knownIds,
        token: (kind) => accounts[kind].token,
        async send(c) {
          // Each case from an address of its own, so that per-address limits do not end the run early.
          const headers: Record<string, string> = { 'x-forwarded-for': nextIp(13) };
          // Control characters cannot travel in an HTTP header (fetch refuses them, as would any client).
          for (const [k, v] of Object.entries(c.headers)) headers[k] = v.replace(/[^\t\x20-\x7e]/g, ' ').trim();
          const res = await fetch(server.url + c.url, { method: c.method, headers, body: c.body, redirect: 'manual' });
          return { status: res.status, headers: res.headers, text: await res.text() };
        },
        async renew(kind) {
          const account = accounts[kind];
          const me = await call(server.url, 'GET', '/api/v1/auth/user', { token: account.token, ip: nextIp(12) });
          if (me.status !== 401) return false;
          const res = await call(server.url, 'POST', '/api/v1/auth/sign-in', {
            body: { email: account.email, password: account.password },
            ip: nextIp(12),
          });
          if (res.status !== 200) throw new Error(`could not sign in again as the ${kind}: ${res.status}`);
          account.token = res.body.token;
          return true;
        },
      };
      const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDocument;
      return await fuzzDocument(doc, target, opts.runs, opts.seed);
    } finally {
      await server.stop();
      await oidc.close();
      await github.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
