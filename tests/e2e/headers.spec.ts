// The security headers (src/server/core/security-headers.ts) on the real build served by `npm start`: a page, an asset, an API
// answer and a 404; the page policy is Astro's hashed one, with nothing beyond 'self' but Google Identity
// Services; and Google sign-in still works under that policy (Google's script stood in, as in
// google.spec.ts; the shared fixture fails the test on any violation), while an injected inline script is
// refused.
import { randomUUID } from 'node:crypto';
import { codeFor } from '../helpers/oidc-provider.ts';
import { expect, test } from './fixtures/test.ts';

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
};
/** The only sources beyond 'self' that any directive may name. */
const GOOGLE = /^https:\/\/accounts\.google\.com(\/gsi\/(client|style))?$/;

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectStrictPagePolicy(csp: string) {
  const d = directives(csp);
  expect(d.get('frame-ancestors')).toEqual(["'none'"]);
  expect(d.get('default-src')).toEqual(["'self'"]);
  expect(d.get('object-src')).toEqual(["'none'"]);
  const script = d.get('script-src') ?? [];
  expect(script).toContain("'self'");
  expect(script.some((s) => s.startsWith("'sha256-"))).toBe(true);
  expect(csp).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'strict-dynamic'|\*/);
  for (const [name, sources] of d) {
    for (const source of sources) {
      // data: is a scheme, not a host: images only, for the globe's texture.
      const allowed =
        /^'(self|none|sha256-[A-Za-z0-9+/=]+)'$/.test(source) ||
        GOOGLE.test(source) ||
        (name === 'img-src' && source === 'data:');
      expect(allowed, `${name} ${source}`).toBe(true);
    }
  }
}

test('a page, an asset, an API answer and a 404 carry the security headers', async ({ request }) => {
  const page = await request.get('/');
  expect(page.status()).toBe(200);
  const html = await page.text();
  const asset = /(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/.exec(html)?.[1];
  expect(asset, 'a hashed asset referenced by the landing page').toBeTruthy();

  const targets = [
    { name: 'page', res: page, kind: 'page' },
    { name: 'asset', res: await request.get(asset!), kind: 'other' },
    { name: 'API answer', res: await request.get('/api/health'), kind: 'api' },
    { name: '404', res: await request.get('/no-such-page-here'), kind: 'page' },
    { name: 'API 404', res: await request.get('/api/no-such-call'), kind: 'api' },
  ] as const;
  for (const { name, res, kind } of targets) {
    const h = res.headers();
    expect(res.status(), name).toBe(name.includes('404') ? 404 : 200);
    for (const [k, v] of Object.entries(COMMON)) expect(h[k], `${name}: ${k}`).toBe(v);
    expect(h['permissions-policy'], name).toMatch(/camera=\(\)/);
    // Served over plain HTTP on loopback, without a proxy: no HSTS (tests/reliability/headers.test.ts covers HTTPS).
    expect(h['strict-transport-security'], name).toBeUndefined();
    const csp = h['content-security-policy'] ?? '';
    if (kind === 'page') expectStrictPagePolicy(csp);
    else expect(csp, name).toBe("default-src 'none'; frame-ancestors 'none'");
    if (kind === 'api') expect(h['cache-control'], name).toBe('no-store');
    else expect(h['cache-control'] ?? '', name).not.toContain('no-store');
  }
  // The header is the page's own <meta> policy plus what only a header can say.
  const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/i
    .exec(html)?.[1]
    ?.replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  expect(meta).toBeTruthy();
  expect(page.headers()['content-security-policy']).toBe(`${meta!.trim().replace(/;$/, '')}; frame-ancestors 'none'`);
  expect(targets[1].res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('Google sign-in works under the policy', async ({ page }) => {
  let gsiServed = 0;
  const who = {
    sub: randomUUID(),
    email: `csp-${randomUUID().slice(0, 8)}@e2e.example.com`,
    email_verified: true,
    name: 'Csp Checker',
  };
  // Google's script, stood in at its real address, so the page's script-src decides whether it may run;
  // like Google, it answers with the OAuth state the page gave it.
  await page.route('https://accounts.google.com/gsi/client', (route) => {
    gsiServed++;
    return route.fulfill({
      contentType: 'text/javascript',
      body: `window.google = { accounts: {
        oauth2: {
          initCodeClient: (config) => ({ requestCode: () => setTimeout(() => config.callback({ state: config.state, ...${JSON.stringify({ code: codeFor(who), scope: 'openid email profile' })} }), 50) }),
          initTokenClient: () => ({ requestAccessToken() {} }),
        },
        id: { initialize() {}, prompt() {}, renderButton() {}, disableAutoSelect() {}, cancel() {} },
      } };`,
    });
  });

  const res = await page.goto('/login');
  expectStrictPagePolicy(res!.headers()['content-security-policy'] ?? '');
  const button = page.getByRole('button', { name: 'Sign in with Google' });
  await expect(button).toBeEnabled();
  expect(gsiServed).toBeGreaterThan(0);
  await button.click();
  await expect(page).toHaveURL(/\/userdashboard$/);
  await expect(page.getByRole('button', { name: `Account menu for ${who.email}` })).toBeVisible();
});

// A page of its own: this test provokes a violation on purpose, which the shared page would count as a
// failure.
test('the policy is enforced, not only sent: an injected inline script does not run', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  // An inline script runs as it is appended, if it may; the policy's refusal is an event, awaited here.
  const { ran, refused } = await page.evaluate(async () => {
    const refusal = new Promise<string>((resolve) =>
      document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), { once: true }),
    );
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true;';
    document.head.append(s);
    return { ran: (window as unknown as { __injected?: boolean }).__injected === true, refused: await refusal };
  });
  expect(ran).toBe(false);
  expect(refused).toMatch(/^script-src/);
  await context.close();
});
