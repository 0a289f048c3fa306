// The security headers (src/server/core/security-headers.ts), over real HTTP from the `npm start` server (src/server/main.ts) on a
// page, an asset, an API answer and two 404s; and the same values in the _headers file the build writes
// for Netlify, with its _redirects. The real build's pages and Google sign-in under the policy:
// tests/e2e/headers.spec.ts.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeNetlifyRules } from '../../src/build/netlify-rules.ts';
import { makeMiniDist } from '../../scripts/reliability/common.ts';
import { COMMON_HEADERS, HSTS, isHttps } from '../../src/server/core/security-headers.ts';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};
const ORIGIN = 'https://app.example.com';

let dist: string;
let server: RunningServer;
beforeAll(async () => {
  dist = await makeMiniDist();
  server = await startServer({
    env: { DIST_DIR: dist, DATA_DIR: path.join(dist, 'data'), TRUST_PROXY: 'true', CORS_ORIGINS: ORIGIN },
  });
});
afterAll(async () => {
  await server?.stop();
  await rm(dist, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(server.url + p, { method, headers, redirect: 'manual' });

describe('headers of the npm start server', () => {
  const targets = {
    page: { path: '/', status: 200, page: true },
    asset: { path: '/_astro/app.js', status: 200, page: false },
    'API answer': { path: '/api/health', status: 200, page: false },
    '404 page': { path: '/no/such/page', status: 404, page: true },
    'API 404': { path: '/api/no/such/call', status: 404, page: false },
  };
  for (const [name, t] of Object.entries(targets)) {
    it(`${name}: nosniff, Referrer-Policy, Permissions-Policy, COOP, CORP, frame-ancestors, no HSTS over plain HTTP`, async () => {
      const res = await get(t.path);
      expect(res.status).toBe(t.status);
      for (const [k, v] of Object.entries(EXPECTED)) expect(res.headers.get(k), k).toBe(v);
      expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      if (t.page) {
        // The page's own hashed policy from its <meta>, as a header.
        expect(csp).toMatch(/script-src 'self' 'sha256-AAAA'/);
      } else {
        expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
      }
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(res.headers.get('strict-transport-security')).toBeNull();
      if (t.path.startsWith('/api')) expect(res.headers.get('cache-control')).toBe('no-store');
      else expect(res.headers.get('cache-control')).not.toContain('no-store');
    });
  }

  it('HSTS for a year with subdomains when a trusted proxy says the request came over HTTPS', async () => {
    for (const p of ['/', '/api/health', '/_astro/app.js', '/nope']) {
      const res = await get(p, { 'x-forwarded-proto': 'https' });
      expect(res.headers.get('strict-transport-security'), p).toBe('max-age=31536000; includeSubDomains');
    }
    // Without TRUST_PROXY the header is not believed; behind a chain of proxies the first value is the client's.
    expect(isHttps('https', false)).toBe(false);
    expect(isHttps('https', true)).toBe(true);
    expect(isHttps('https, http', true)).toBe(true);
    expect(isHttps('http, https', true)).toBe(false);
    expect(isHttps(undefined, true)).toBe(false);
  });

  it('CORS answers only the listed origins, for GET, POST, PATCH and DELETE', async () => {
    const listed = await get(
      '/api/v1/auth/sign-in',
      { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      'OPTIONS',
    );
    expect(listed.status).toBe(204);
    expect(listed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(listed.headers.get('access-control-allow-methods')).toBe('GET,POST,PATCH,DELETE');
    expect(listed.headers.get('access-control-allow-credentials')).toBeNull();
    const simple = await get('/api/health', { origin: ORIGIN });
    expect(simple.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    for (const origin of ['https://evil.example', 'null', `${ORIGIN}.evil.example`, 'http://app.example.com']) {
      const pre = await get('/api/v1/auth/sign-in', { origin, 'access-control-request-method': 'POST' }, 'OPTIONS');
      expect(pre.headers.get('access-control-allow-origin'), origin).toBeNull();
      const res = await get('/api/health', { origin });
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    // Pages never answer cross-origin reads.
    expect((await get('/', { origin: ORIGIN })).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('rules on Netlify', () => {
  let dir: string;
  let headers: string;
  let redirects: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rel-netlify-'));
    const meta = (hash: string, frames = "'none'") =>
      `<html><head><meta http-equiv="content-security-policy" content="default-src 'self';img-src 'self';frame-src ${frames}; script-src 'self' https://accounts.google.com/gsi/client '${hash}'; style-src 'self' 'sha256-S'"></head></html>`;
    await writeFile(path.join(dir, 'index.html'), meta('sha256-ONE', 'https://accounts.google.com'));
    await writeFile(path.join(dir, '404.html'), meta('sha256-TWO'));
    await mkdir(path.join(dir, 'TryNow'));
    await writeFile(path.join(dir, 'TryNow', 'index.html'), meta('sha256-ONE'));
    await writeNetlifyRules(dir);
    headers = await readFile(path.join(dir, '_headers'), 'utf8');
    redirects = await readFile(path.join(dir, '_redirects'), 'utf8');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('the build writes the same header values as the server for every path, HSTS included', () => {
    const block = headers.split('\n\n')[0]!.split('\n');
    expect(block[0]).toBe('/*');
    const values = Object.fromEntries(
      block.slice(1).map((line) =>
        line
          .trim()
          .split(/: (.*)/s)
          .slice(0, 2),
      ),
    );
    const { 'content-security-policy': _csp, ...rest } = values;
    expect(rest).toEqual({ ...COMMON_HEADERS, 'strict-transport-security': HSTS });
    expect(headers).toContain('/_astro/*\n  cache-control: public, max-age=31536000, immutable');
  });

  it("one CSP for every path with the union of the pages' hashes and frame-ancestors", () => {
    const csp = /content-security-policy: (.*)/.exec(headers)?.[1] ?? '';
    const script = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src'))!
      .split(' ');
    expect(script.sort()).toEqual([
      "'self'",
      "'sha256-ONE'",
      "'sha256-TWO'",
      'https://accounts.google.com/gsi/client',
      'script-src',
    ]);
    expect(csp).toContain("frame-ancestors 'none'");
    // One page frames Google, another nothing: the union frames Google ('none' beside a source means nothing).
    expect(csp).toContain('frame-src https://accounts.google.com;');
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('redirects the other spellings of a page to it, and answers the not-found pages with 404', () => {
    const lines = redirects.trim().split('\n');
    expect(lines).toEqual(
      expect.arrayContaining(['/trynow /TryNow 301', '/TRYNOW /TryNow 301', '/404 /404.html 404!']),
    );
    expect(lines.filter((l) => l.startsWith('/TryNow '))).toEqual([]);
    // The catch-all comes last: Netlify takes the first rule that matches.
    expect(lines.at(-1)).toBe('/* /404.html 404');
  });
});

describe('the API alone, as the Netlify Function (netlify/functions/api.ts) on PostgreSQL', () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = await startPostgres();
    vi.stubEnv('DATABASE_URL', await pg.createDatabase());
    vi.stubEnv('CORS_ORIGINS', ORIGIN);
    vi.stubEnv('LOG_LEVEL', 'silent');
  }, 120_000);
  afterAll(async () => {
    vi.unstubAllEnvs();
    await pg?.stop();
  });

  it('answers with no-store, nosniff, the non-page CSP and HSTS over HTTPS, and CORS for the listed origin only', async () => {
    const { default: handler } = await import('../../netlify/functions/api.ts');
    const context = { ip: '203.0.113.9', waitUntil: () => {} };
    const site = 'https://agency.example';
    const calls = [
      ['health', new Request(`${site}/api/health`, { headers: { origin: ORIGIN } })],
      ['404', new Request(`${site}/api/no-such-call`, { headers: { origin: ORIGIN } })],
      [
        '400',
        new Request(`${site}/api/form/contact`, {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          body: '{',
        }),
      ],
      ['401', new Request(`${site}/api/v1/auth/user`, { headers: { origin: ORIGIN } })],
    ] as const;
    for (const [name, req] of calls) {
      const res = await handler(req, context);
      expect(res.status, name).toBe({ health: 200, '404': 404, '400': 400, '401': 401 }[name]);
      expect(res.headers.get('cache-control'), name).toBe('no-store');
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('content-security-policy'), name).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security'), name).toBe(HSTS);
      expect(res.headers.get('access-control-allow-origin'), name).toBe(ORIGIN);
    }
    const evil = await handler(
      new Request(`${site}/api/health`, { headers: { origin: 'https://evil.example' } }),
      context,
    );
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await handler(
      new Request(`${site}/api/v1/auth/sign-in`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      }),
      context,
    );
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('cache-control')).toBe('no-store');
  });
});
