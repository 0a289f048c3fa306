// `npm run audit:pages`: Lighthouse (mobile mode, simulated throttling) on the system Chromium against
// the `npm start` server, printing each page's four scores and LCP, TBT and CLS.
// Run `npm run build` first. /userdashboard is audited signed in (the token set through the real API).
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { startServer } from '../tests/helpers/server.ts';

const pages = [
  '/',
  '/projects',
  '/service-details/Automation',
  '/policy/',
  '/blog/',
  '/blog/website-speed-fixes/',
  '/login',
  '/userdashboard',
];
const chromePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : chromium.executablePath();

/** Signs a user in through the real API and leaves the token where the site keeps it. */
async function signIn(serverUrl: string, port: number) {
  const res = await fetch(`${serverUrl}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Audit User',
      email: `audit-${Date.now()}@example.com`,
      password: 'audit-password-1',
    }),
  });
  const { token } = (await res.json()) as { token: string };
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${serverUrl}/`);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.close();
  await browser.close();
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'audit-'));
const server = await startServer({ env: { DATA_DIR: dataDir } });
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  console.log(`Lighthouse mobile, ${new Date().toISOString()}, ${server.url}`);
  console.log('| page | Performance | Accessibility | Best Practices | SEO | LCP ms | TBT ms | CLS |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const p of pages) {
    // Signed-out pages first: a stored token would send /login on to the dashboard.
    const signedIn = p === '/userdashboard';
    if (signedIn) await signIn(server.url, chrome.port);
    const result = await lighthouse(server.url + p, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: signedIn,
    });
    if (!result) throw new Error(`no Lighthouse result for ${p}`);
    const { categories: c, audits: a } = result.lhr;
    const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
    const num = (k: string) => a[k]?.numericValue ?? NaN;
    console.log(
      `| ${p} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${num('largest-contentful-paint').toFixed(0)} | ${num('total-blocking-time').toFixed(0)} | ${num('cumulative-layout-shift').toFixed(3)} |`,
    );
    for (const cat of Object.values(c)) {
      if ((cat.score ?? 1) < 1) {
        const failing = cat.auditRefs.filter((r) => r.weight > 0 && (a[r.id]?.score ?? 1) < 1).map((r) => r.id);
        if (failing.length) console.log(`    ${cat.id}: ${failing.join(', ')}`);
      }
    }
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
