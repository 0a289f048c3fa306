// One page load in a real Chromium, throttled the way the audit's reference figures were taken:
// 150 ms round trip, 1.6 Mbps down, 750 kbps up, 4× CPU slowdown, a mobile viewport, an empty cache.
// LCP is what the page itself reports through PerformanceObserver: the last `largest-contentful-paint`
// entry before any input, read once the page has loaded and sat idle.
import type { Browser, CDPSession } from '@playwright/test';

export interface PageLoad {
  lcp: number;
  fcp: number;
  /** The LCP element, as tag#id.class, and its text or image source. */
  element: string;
  /** Scripts the page fetched before any input (gzip/brotli bytes on the wire). */
  scriptBytes: number;
  /** Every LCP candidate in order, for a closer look (`AUDIT_VERBOSE=1`). */
  candidates: { t: number; el: string }[];
}

export const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};

/**
 * Runs in the page before its own scripts (outside its CSP). A string, not a function: the TypeScript
 * runner would wrap a function's inner functions in a helper the page does not have.
 */
const OBSERVE = `
  window.__lcp = [];
  const describe = (el) => {
    if (!el) return '(removed)';
    const cls = typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).slice(0, 2).join('.') : '';
    const what = el instanceof HTMLImageElement ? el.currentSrc.split('/').pop() : (el.textContent || '').trim().slice(0, 40);
    return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + cls + ' "' + what + '"';
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcp.push({ t: e.startTime, el: describe(e.element) });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** Lighthouse's mobile profile on a page: 150 ms round trip, 1.6 Mbps down, 750 kbps up, 4× CPU slowdown. */
export async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

export async function throttledLoad(
  browser: Browser,
  url: string,
  localStorage: Record<string, string> = {},
  colorScheme: 'light' | 'dark' = 'light',
): Promise<PageLoad> {
  const origin = new URL(url).origin;
  const context = await browser.newContext({
    ...MOBILE,
    colorScheme,
    storageState: {
      cookies: [],
      origins: [{ origin, localStorage: Object.entries(localStorage).map(([name, value]) => ({ name, value })) }],
    },
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    let scriptBytes = 0;
    const scripts = new Set<string>();
    cdp.on('Network.responseReceived', (e) => {
      if (e.type === 'Script') scripts.add(e.requestId);
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (scripts.has(e.requestId)) scriptBytes += e.encodedDataLength;
    });
    await page.addInitScript(OBSERVE);
    // A generous bound, not a measurement: on a busy machine a throttled load can take over 30 s.
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // Idle time after load: anything scheduled for idle (and any later, larger paint) happens here.
    await page.waitForTimeout(3000);
    const { entries, fcp } = await page.evaluate(() => ({
      entries: (window as unknown as { __lcp: { t: number; el: string }[] }).__lcp,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    }));
    const last = entries.at(-1);
    return { lcp: last?.t ?? NaN, fcp, element: last?.el ?? '(none)', scriptBytes, candidates: entries };
  } finally {
    await context.close();
  }
}
