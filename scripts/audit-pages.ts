// `npm run audit:pages`: every page of the list below (one of each kind), against the `npm start` server,
// in the light and the dark colour scheme, twice over:
// 1. Lighthouse 12 in its default mobile mode (simulated slow 4G, 4× CPU), median of 3 runs: the four
//    category scores, LCP, TBT and CLS;
// 2. a real Chromium throttled to 150 ms RTT, 1.6 Mbps and 4× CPU (scripts/audit/throttled-lcp.ts),
//    median of 5 loads: LCP and FCP as the page itself reports them, and the LCP element.
// Signed-out pages run on a clean profile (first visit: the cookie banner shows); pages with `as` carry
// the token of an account made through the real API (scripts/audit/accounts.ts). Pages kept out of search
// engines on purpose (`noindex`: the sign-in helpers and the private pages) have no SEO score that
// applies: the table says n/a, and the audit checks instead that `noindex` is the only SEO finding.
// Run `npm run build` first.
// AUDIT_LIGHTHOUSE_RUNS, AUDIT_BROWSER_RUNS and AUDIT_PAGES (comma-separated paths) narrow a run;
// AUDIT_SCHEME=light or dark runs one scheme (the dark one is a system set to dark: Chromium's
// --force-dark-mode for Lighthouse, Playwright's colorScheme for the real loads).
// AUDIT_REPORTS=dir keeps every Lighthouse report there.
// AUDIT_CONSENT=accepted (or essential, rejected) audits every page with that cookie choice stored, e.g. to
// measure the pages with the analytics script sending its page views.
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { COOKIE_CONSENT_KEY, TOKEN_KEY } from '../src/lib/constants.ts';
import { throttledLoad, type PageLoad } from './audit/throttled-lcp.ts';
import { CATEGORIES, lighthouseRun, NOINDEX_AUDIT, prepare, type LighthouseRun } from './audit/lighthouse-run.ts';
import { serverWithAccounts, type Role } from './audit/accounts.ts';
import { localePath } from '../src/i18n/locales.ts';
import { PREFIXED_LOCALES } from '../src/i18n/routes.ts';

interface AuditPage {
  path: string;
  /** Signed in as this account. */
  as?: Role;
  /** Kept out of search engines on purpose: its SEO score does not apply. */
  noindex?: true;
}

const ENGLISH_PAGES: AuditPage[] = [
  { path: '/' },
  { path: '/projects' },
  { path: '/service-details/Automation' },
  { path: '/policy/' },
  { path: '/blog/' },
  { path: '/blog/website-speed-fixes/' },
  { path: '/blog/tags/performance/' },
  { path: '/TryNow' },
  { path: '/contact' },
  { path: '/login' },
  { path: '/Signup' },
  { path: '/forgot-password', noindex: true },
  { path: '/email-verify', as: 'user', noindex: true },
  { path: '/userdashboard', as: 'user', noindex: true },
  { path: '/account', as: 'user', noindex: true },
  { path: '/admin', as: 'admin', noindex: true },
];
/** The same pages in every other language (/hi/...); the admin area is English only. */
const PAGES: AuditPage[] = [
  ...ENGLISH_PAGES,
  ...PREFIXED_LOCALES.flatMap((locale) =>
    ENGLISH_PAGES.filter((p) => p.as !== 'admin').map((p) => ({ ...p, path: localePath(p.path, locale) })),
  ),
];
const GOAL = { lcp: 1500, tbt: 50, browserLcp: 900 };
/** The pages the real-browser goal is set for. */
const BROWSER_GOAL_PAGES = ['/', '/login'];
type Scheme = 'light' | 'dark';

const only = process.env.AUDIT_PAGES?.split(',');
// Signed-out pages first: Lighthouse's storage reset does not take a session back out of its Chrome, and
// a sign-in page visited signed in sends the visitor on to the dashboard (seen as /hi/login after /admin).
const pages = (only ? PAGES.filter((p) => only.includes(p.path)) : PAGES).toSorted(
  (a, b) => Number(Boolean(a.as)) - Number(Boolean(b.as)),
);
const lighthouseRuns = Number(process.env.AUDIT_LIGHTHOUSE_RUNS ?? 3);
const browserRuns = Number(process.env.AUDIT_BROWSER_RUNS ?? 5);
const consent = process.env.AUDIT_CONSENT;
const schemes: Scheme[] =
  process.env.AUDIT_SCHEME === 'dark' || process.env.AUDIT_SCHEME === 'light'
    ? [process.env.AUDIT_SCHEME]
    : ['light', 'dark'];
const chromePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : chromium.executablePath();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const load = () => loadavg()[0]!.toFixed(1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'audit-'));
const roles = new Set(pages.flatMap((p) => (p.as ? [p.as] : [])));
// Every page is loaded dozens of times from one address within minutes: that is the audit, not an attack.
const { server, url, tokens } = await serverWithAccounts({ DATA_DIR: dataDir, RATE_LIMITS: 'off' }, roles);

/** What the browser holds before a page's load: the account's token when signed in, the cookie choice if set. */
const storageFor = (p: AuditPage): Record<string, string> => ({
  ...(p.as ? { [TOKEN_KEY]: tokens[p.as]! } : {}),
  ...(consent ? { [COOKIE_CONSENT_KEY]: consent } : {}),
});

/** Lighthouse over every page in one scheme; prints a row per page as it goes, answers the rows. */
async function lighthousePass(scheme: Scheme, misses: string[]): Promise<string[]> {
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
      ...(scheme === 'dark' ? ['--force-dark-mode'] : []),
    ],
  });
  const rows: string[] = [];
  try {
    for (const p of pages) {
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < lighthouseRuns; i++) {
        // A run that measured no LCP (Lighthouse missed the paint: NO_LCP) is run again, twice at most,
        // rather than left out of the median or counted as a pass.
        for (let attempt = 1; ; attempt++) {
          const storage = storageFor(p);
          const dark = await prepare(url, chrome.port, storage);
          if (dark !== (scheme === 'dark')) throw new Error(`Chromium did not show the ${scheme} scheme`);
          const run = await lighthouseRun(url + p.path, chrome.port, Object.keys(storage).length > 0);
          if (!Number.isNaN(run.lcp) || attempt === 3) {
            runs.push(run);
            break;
          }
          console.log(`    a run of ${p.path} measured no LCP (${run.runtimeError ?? 'no value'}): run again`);
        }
      }
      const where = `${p.path} (${scheme})`;
      if (runs.some((r) => Number.isNaN(r.lcp))) misses.push(`${where}: a Lighthouse run measured no LCP`);
      const score = (k: (typeof CATEGORIES)[number]) => median(runs.map((r) => r.scores[k]));
      const [lcp, tbt, cls] = (['lcp', 'tbt', 'cls'] as const).map((k) => median(runs.map((r) => r[k])));
      const findings = [...new Set(runs.flatMap((r) => r.failing))];
      const seo = p.noindex ? 'n/a' : String(score('seo'));
      const row = `| ${p.path} | ${scheme} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${seo} | ${lcp!.toFixed(0)} | ${runs.map((r) => r.lcp.toFixed(0)).join(', ')} | ${tbt!.toFixed(0)} | ${cls!.toFixed(3)} | ${load()} |`;
      rows.push(row);
      console.log(row);
      for (const f of findings)
        console.log(`    ${f}${p.noindex && f === NOINDEX_AUDIT ? ' (noindex on purpose)' : ''}`);
      if (p.noindex) {
        // No SEO score, but the page must really be kept out of search, and have no other SEO finding.
        if (!runs.every((r) => r.failing.includes(NOINDEX_AUDIT))) misses.push(`${where}: meant to be noindex, is not`);
        const other = findings.filter((f) => f.startsWith('seo:') && f !== NOINDEX_AUDIT);
        if (other.length) misses.push(`${where}: ${other.join(', ')}`);
      }
      const scores = CATEGORIES.filter((k) => !(p.noindex && k === 'seo')).map(score);
      if (lcp! > GOAL.lcp) misses.push(`${where}: Lighthouse LCP ${lcp!.toFixed(0)} ms > ${GOAL.lcp}`);
      if (tbt! > GOAL.tbt) misses.push(`${where}: TBT ${tbt!.toFixed(0)} ms > ${GOAL.tbt}`);
      if (cls! > 0) misses.push(`${where}: CLS ${cls!.toFixed(3)}`);
      if (scores.some((s) => s < 100)) misses.push(`${where}: scores ${scores.join('/')}`);
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

/** The real, throttled Chromium over every page in one scheme. */
async function browserPass(scheme: Scheme, misses: string[]): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  const rows: string[] = [];
  try {
    for (const p of pages) {
      const loads: PageLoad[] = [];
      for (let i = 0; i < browserRuns; i++)
        loads.push(await throttledLoad(browser, url + p.path, storageFor(p), scheme));
      const lcp = median(loads.map((l) => l.lcp));
      const elements = [...new Set(loads.map((l) => l.element))].join(' / ');
      const row = `| ${p.path} | ${scheme} | ${lcp.toFixed(0)} | ${loads.map((l) => l.lcp.toFixed(0)).join(', ')} | ${median(loads.map((l) => l.fcp)).toFixed(0)} | ${(median(loads.map((l) => l.scriptBytes)) / 1024).toFixed(1)} | ${elements} |`;
      rows.push(row);
      console.log(row);
      if (process.env.AUDIT_VERBOSE)
        for (const c of loads[0]!.candidates) console.log(`    ${c.t.toFixed(0)} ms ${c.el}`);
      if (BROWSER_GOAL_PAGES.includes(p.path) && lcp > GOAL.browserLcp)
        misses.push(`${p.path} (${scheme}): real-browser LCP ${lcp.toFixed(0)} ms > ${GOAL.browserLcp}`);
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const LIGHTHOUSE_HEAD = [
  '| page | scheme | Performance | Accessibility | Best Practices | SEO | LCP ms | LCP of each run | TBT ms | CLS | load avg |',
  '|---|---|---:|---:|---:|---:|---:|---|---:|---:|---:|',
];
const BROWSER_HEAD = [
  '| page | scheme | LCP ms | LCP of each load | FCP ms | scripts before input (KB on the wire) | LCP element |',
  '|---|---|---:|---|---:|---:|---|',
];
/** The rows of both schemes, each page's light row above its dark one. */
const byPage = (rows: string[]) => pages.flatMap((p) => rows.filter((r) => r.startsWith(`| ${p.path} |`)));

const misses: string[] = [];
try {
  console.log(
    `Pages audited ${new Date().toISOString()} against ${url}, ${schemes.join(' and ')} colour scheme${consent ? `, cookie choice '${consent}' stored` : ''}`,
  );
  console.log(
    `Not indexed on purpose (SEO n/a): ${
      pages
        .filter((p) => p.noindex)
        .map((p) => p.path)
        .join(', ') || 'none'
    }\n`,
  );
  console.log(`Lighthouse 12, mobile (simulated slow 4G, 4× CPU), median of ${lighthouseRuns} runs`);
  console.log(LIGHTHOUSE_HEAD.join('\n'));
  const lighthouseRows: string[] = [];
  for (const scheme of schemes) lighthouseRows.push(...(await lighthousePass(scheme, misses)));

  console.log(
    `\nReal Chromium, 150 ms RTT, 1.6 Mbps, 4× CPU, mobile viewport, empty cache, median of ${browserRuns} loads`,
  );
  console.log(BROWSER_HEAD.join('\n'));
  const browserRows: string[] = [];
  for (const scheme of schemes) browserRows.push(...(await browserPass(scheme, misses)));

  if (schemes.length > 1) {
    console.log('\nBoth schemes, by page:\n');
    console.log([...LIGHTHOUSE_HEAD, ...byPage(lighthouseRows)].join('\n'));
    console.log(`\n${[...BROWSER_HEAD, ...byPage(browserRows)].join('\n')}`);
  }
  console.log(misses.length ? `\nGoals missed:\n${misses.map((m) => `- ${m}`).join('\n')}` : '\nEvery goal met.');
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
