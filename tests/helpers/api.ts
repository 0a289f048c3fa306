// Builds the API in-process for a test file, on the database its vitest project selects
// (API_TEST_DB=pglite: an emptied PGlite of the worker's pool; postgres: a fresh database on the globalSetup's server),
// with a controllable clock and a small JSON client.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createApi, type Api } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/config/config.ts';
import { leasePglite } from './pglite-pool.ts';
import { createDatabaseOn } from './postgres.ts';
import { extractCode, type SmtpCatcher } from './smtp-catcher.ts';
import { removeOnExit } from './leftovers.ts';

export interface Clock {
  now: () => Date;
  advance(ms: number): void;
}

export function testClock(start = Date.now()): Clock {
  let offset = 0;
  return { now: () => new Date(start + offset + (Date.now() - start)), advance: (ms) => (offset += ms) };
}

/** A clock that stands still until advanced: for checks that must not cross a time boundary by chance. */
export function frozenClock(start: number): Clock {
  let at = start;
  return { now: () => new Date(at), advance: (ms) => (at += ms) };
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  /** The client address the rate limits see (passed as the socket's remote address). */
  ip?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read whichever fields the answer has
  body: any;
  headers: Headers;
}

export interface TestApi {
  api: Api;
  config: Config;
  clock: Clock;
  dataDir: string;
  databaseUrl: string | undefined;
  call(method: string, path: string, opts?: CallOptions): Promise<CallResult>;
  /** A new API on this one's database (a restart): close `api` first. */
  reopen(config?: Config): Promise<Api>;
  close(): Promise<void>;
}

export const dbKind = (process.env.API_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** A fresh database for this kind: a new PostgreSQL database URL, or undefined for PGlite. */
export async function freshDatabaseUrl(): Promise<string | undefined> {
  return dbKind === 'postgres' ? createDatabaseOn(inject('postgresUrl')) : undefined;
}

export async function startTestApi(env: Record<string, string> = {}, clock = testClock()): Promise<TestApi> {
  const dataDir = removeOnExit(await mkdtemp(path.join(tmpdir(), 'api-test-')));
  const databaseUrl = env.DATABASE_URL ?? (await freshDatabaseUrl());
  const pglite = databaseUrl ? undefined : await leasePglite();
  const on = pglite ? { database: pglite.database } : {};
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    OUTBOX_POLL_MS: '100',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const api = await createApi(config, { now: clock.now, ...on });
  const testApi: TestApi = {
    api,
    config,
    clock,
    dataDir,
    databaseUrl,
    async call(method, url, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      // The API a test may have reopened on the same database (testApi.api), else the first.
      const res = await testApi.api.app.request(
        `/api${url}`,
        {
          method,
          headers,
          body:
            opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
        },
        { incoming: { socket: { remoteAddress: opts.ip ?? '127.0.0.1' } } },
      );
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON: the test sees the text */
      }
      return { status: res.status, body, headers: res.headers };
    },
    reopen: (other = config) => createApi(other, { now: clock.now, ...on }),
    async close(this: TestApi) {
      // The API a test may have reopened on the same database (this.api), else the first.
      await this.api.close();
      pglite?.release();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return testApi;
}

let ipCounter = 0;
/** A distinct client address per call, so that tests that are not about rate limits never meet them. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let accountCounter = 0;

export interface Account {
  token: string;
  user: { _id: string; name: string; email: string; isAccountVerified: boolean; isAdmin: boolean };
  email: string;
  password: string;
}

/** Signs a new account up (from its own address, so that the signup limit stays out of the way). */
export async function signUp(
  t: TestApi,
  fields: { name?: string; email?: string; password?: string } = {},
): Promise<Account> {
  accountCounter++;
  const email = fields.email ?? `user${accountCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = fields.password ?? `Tr0ub4dor&${accountCounter}x`;
  const res = await t.call('POST', '/v1/auth/signup', {
    body: { name: fields.name ?? `User ${accountCounter}`, email, password },
    ip: freshIp(),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, user: res.body.user, email, password };
}

/** Proves the account's address the way its owner does: the mailed verification code, typed back. */
export async function proveAddress(t: TestApi, smtp: SmtpCatcher, acc: Account): Promise<void> {
  const sent = await t.call('POST', '/v1/auth/verify-otp', { token: acc.token, ip: freshIp() });
  if (sent.status !== 200) throw new Error(`verify-otp failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  await typeMailedVerificationCode(t, smtp, acc);
}

/** Types back the verification code mailed to the account's address (by verify-otp or an admin). */
export async function typeMailedVerificationCode(t: TestApi, smtp: SmtpCatcher, acc: Account): Promise<void> {
  const mail = await smtp.waitFor((m) => m.to === acc.email && /Verify your e-mail/.test(m.subject));
  const res = await t.call('POST', '/v1/auth/verify-account', {
    token: acc.token,
    body: { otp: extractCode(mail.text) },
    ip: freshIp(),
  });
  if (res.status !== 200) throw new Error(`verify-account failed: ${res.status} ${JSON.stringify(res.body)}`);
}
