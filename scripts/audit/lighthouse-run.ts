// One Lighthouse 12 run (mobile, simulated throttling) in the Chrome at `port`, and what the audit keeps
// of it: the four category scores, LCP, TBT, CLS and the audits that cost points.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The SEO audit a page kept out of search engines on purpose (`noindex`) fails. */
export const NOINDEX_AUDIT = 'seo: is-crawlable';

export interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's own error code when the run went wrong (e.g. NO_LCP). */
  runtimeError: string | undefined;
  /** The audits that cost a category points, as `category: audit-id`. */
  failing: string[];
}

export async function lighthouseRun(url: string, port: number, keepStorage: boolean): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // Lighthouse clears the origin's storage before a run (a first visit), except where a token or a
    // cookie choice was stored for it.
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  // AUDIT_REPORTS=dir keeps each run's whole report, to read where a page's time went (its long tasks,
  // each script's cost) in Lighthouse's viewer or with jq.
  const reports = process.env.AUDIT_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-')}${Date.now()}.json`;
    writeFileSync(path.join(reports, name), result.report as string);
  }
  const { categories: c, audits: a } = result.lhr;
  const failing: string[] = [];
  for (const cat of Object.values(c)) {
    if ((cat.score ?? 1) === 1) continue;
    for (const ref of cat.auditRefs)
      if (ref.weight > 0 && (a[ref.id]?.score ?? 1) < 1) failing.push(`${cat.id}: ${ref.id}`);
  }
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((k) => [k, Math.round((c[k]?.score ?? 0) * 100)]),
    ) as LighthouseRun['scores'],
    lcp: a['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: a['total-blocking-time']?.numericValue ?? NaN,
    cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
    runtimeError: result.lhr.runtimeError?.code,
    failing,
  };
}

/**
 * Leaves values where the site keeps them (localStorage) in the Chrome profile Lighthouse uses, and
 * answers whether that Chrome shows the site dark (the audit checks it is the scheme it meant to audit).
 */
export async function prepare(serverUrl: string, port: number, values: Record<string, string>): Promise<boolean> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    // Playwright emulates a light scheme in pages it opens unless told not to: the browser's own, here.
    await page.emulateMedia({ colorScheme: null });
    await page.goto(`${serverUrl}/`);
    const dark = await page.evaluate((v) => {
      for (const [k, x] of Object.entries(v)) localStorage.setItem(k, x);
      return matchMedia('(prefers-color-scheme: dark)').matches;
    }, values);
    await page.close();
    return dark;
  } finally {
    await browser.close();
  }
}
