// `npm run bench:interaction`: the first interaction of each flow below, as a visitor on a mid-range phone
// meets it. Each visit is fresh (a new browser context: empty cache, only the storage the flow names), in
// Chromium under Lighthouse's mobile profile (150 ms round trip, 1.6 Mbps down, 4× CPU; the throttle of
// scripts/audit/throttled-lcp.ts), against the `npm start` server. After `load` and a visitor's second of
// looking, the flow taps and types as a phone would; the page reports Chrome's Event Timing entries (those
// with an `interactionId`, durationThreshold 16) and its long tasks as they come, across navigations.
// Printed per flow, over BENCH_RUNS visits (5): the slowest interaction of the visit (median and max), the
// event that was slowest most often, the time from the last input (pointer or key down) to the flow's outcome
// on the screen (the banner gone, the menu open, the error shown: what Event Timing does not see when a held
// click is replayed after hydration), the long tasks that started after the first input (median count and total), and the
// JavaScript the first interaction fetched (scripts requested from the first input on,
// bytes on the wire, median).
// Builds first when there is no build; DIST_DIR names another one (an A/B against an older build).
// BENCH_FLOWS=name,name (a part of each flow's name) narrows a run; BENCH_SETTLE_MS (1000) is the pause
// after `load` before the first input; BENCH_TRACE=dir writes each visit's Chrome trace there (open it in
// DevTools' Performance panel to see where a slow interaction's time went).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { COOKIE_CONSENT_KEY, TOKEN_KEY } from '../src/lib/constants.ts';
import { serverWithAccounts, type Role } from './audit/accounts.ts';
import { MOBILE, throttle } from './audit/throttled-lcp.ts';

interface Flow {
  name: string;
  path: string;
  /** Signed in as this account. */
  as?: Role;
  /** A first visit: no cookie choice stored (every other flow's visitor has answered the banner). */
  firstVisit?: true;
  viewport?: { width: number; height: number };
  /** Before each visit, on the server (an enquiry for the admin to act on). */
  before?: (url: string) => Promise<void>;
  /** Waits for what the visitor waits for before acting (a signed-in page's content). */
  ready?: (page: Page) => Promise<void>;
  /** The interaction, up to its outcome; answers the moment (epoch ms) the page showed it. */
  act: (page: Page, run: number) => Promise<number>;
}

const BAD_EMAIL = 'visitor@example';
const visible = { state: 'visible', timeout: 60_000 } as const;
/** Typing at a phone's pace. */
const type = (page: Page, text: string) => page.keyboard.type(text, { delay: 60 });
/**
 * A tap on a field, as on a phone, where the field is on screen above the keyboard the tap brings up.
 * (Headless Chromium also never presents a frame whose only change is within about 80 px of the viewport's
 * bottom edge, so a keystroke there would count as slow until the next input.)
 */
const tapField = async (field: Locator) => {
  await field.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await field.tap();
};
const tapAndType = async (page: Page, label: string, text: string) => {
  await tapField(page.getByLabel(label, { exact: true }));
  await type(page, text);
};

/**
 * The moment (epoch ms) the page shows an outcome: `seen`, run in the page at every frame, answers
 * `performance.timeOrigin + performance.now()` once it holds, else false. (A function, not a string: the
 * page's CSP allows no eval.)
 */
const when = async <A>(page: Page, seen: (arg: A) => number | false, arg: A): Promise<number> =>
  // Playwright's overloads cannot infer A through a generic wrapper; the call is the same.
  (
    await page.waitForFunction(seen as (arg: unknown) => number | false, arg as unknown, {
      polling: 'raf',
      timeout: 60_000,
    })
  ).jsonValue() as Promise<number>;
/** The moment an element matching `selector` and holding `text` is shown. */
const shown = (page: Page, selector: string, text: string) =>
  when(
    page,
    ([sel, words]) =>
      [...document.querySelectorAll(sel)].some((el) => el.textContent?.includes(words) && el.checkVisibility()) &&
      performance.timeOrigin + performance.now(),
    [selector, text] as const,
  );

const bannerChoice = (label: string, stored: string): Flow['act'] => {
  return async (page) => {
    const gone = when(
      page,
      ([key, value]) =>
        !document.querySelector('.cookie-banner')?.checkVisibility() &&
        localStorage.getItem(key) === value &&
        performance.timeOrigin + performance.now(),
      [COOKIE_CONSENT_KEY, stored] as const,
    );
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: label }).tap();
    return gone;
  };
};

const FLOWS: Flow[] = [
  { name: 'cookie banner: Accept All', path: '/', firstVisit: true, act: bannerChoice('Accept All', 'accepted') },
  { name: 'cookie banner: Reject All', path: '/', firstVisit: true, act: bannerChoice('Reject All', 'rejected') },
  {
    name: 'mobile menu (390 px)',
    path: '/',
    viewport: { width: 390, height: 844 },
    act: async (page) => {
      const open = when(
        page,
        () =>
          Boolean(document.querySelector('#mobile-menu')?.checkVisibility()) &&
          performance.timeOrigin + performance.now(),
        null,
      );
      await page.locator('[data-menu-toggle]').tap();
      return open;
    },
  },
  {
    name: 'theme switch',
    path: '/',
    act: async (page) => {
      // A native select: its list is the system's, so the keys that step through it stand in for it.
      const select = page.locator('select[data-theme-switch]');
      await select.focus();
      const applied = when(
        page,
        () => document.documentElement.dataset.theme !== undefined && performance.timeOrigin + performance.now(),
        null,
      );
      await page.keyboard.press('ArrowDown');
      return applied;
    },
  },
  {
    name: 'language switch (menu, then हिन्दी)',
    path: '/',
    act: async (page) => {
      await page.locator('[data-menu-toggle]').tap();
      await page.locator('#mobile-menu [data-language="hi"]').tap();
      await page.waitForURL(/\/hi\/$/, { timeout: 60_000 });
      // The new page's first paint.
      return when(
        page,
        () => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          return paint ? performance.timeOrigin + paint.startTime : false;
        },
        null,
      );
    },
  },
  {
    name: 'search: open and first results',
    path: '/',
    act: async (page) => {
      await page.locator('[data-search]').tap();
      const field = page.getByRole('searchbox', { name: 'Search services, projects and posts' });
      await field.waitFor(visible);
      const results = shown(page, 'dialog a', 'Automation');
      await type(page, 'automation');
      return results;
    },
  },
  {
    name: 'contact form: typing, sending a bad e-mail',
    path: '/contact',
    act: async (page) => {
      await tapAndType(page, 'Name', 'Early Visitor');
      await tapAndType(page, 'Email', BAD_EMAIL);
      await tapAndType(page, 'Phone number', '+91 98765 43210');
      await tapAndType(page, 'Message', 'Hello, a quote please.');
      const question = page.getByText(/^What is \d+ \+ \d+\?$/);
      await question.waitFor(visible);
      const [x, y] = ((await question.textContent()) ?? '').match(/\d+/g)!.map(Number);
      await tapField(page.getByLabel(/What is/));
      await type(page, String(x! + y!));
      const refused = shown(page, 'p', 'Invalid email address');
      await page.getByRole('button', { name: 'Send Message' }).tap();
      return refused;
    },
  },
  {
    name: 'login: typing, sending a bad e-mail',
    path: '/login',
    act: async (page) => {
      await tapAndType(page, 'Email', BAD_EMAIL);
      await tapAndType(page, 'Password', 'not-my-password');
      const refused = shown(page, 'p', 'Please enter a valid email');
      await page.getByRole('button', { name: 'Sign in', exact: true }).tap();
      return refused;
    },
  },
  {
    name: 'signup: typing, sending a bad e-mail',
    path: '/Signup',
    act: async (page) => {
      await tapAndType(page, 'Full name', 'Early Visitor');
      await tapAndType(page, 'Email', BAD_EMAIL);
      await tapAndType(page, 'Password', 'Correct-Horse-42');
      const refused = shown(page, 'p', 'Please enter a valid email');
      await page.getByRole('button', { name: 'Create account' }).tap();
      return refused;
    },
  },
  {
    name: 'OTP boxes (/email-verify)',
    path: '/email-verify',
    as: 'user',
    ready: (page) => page.getByLabel('Digit 1 of 6').waitFor(visible),
    act: async (page) => {
      const filled = when(
        page,
        () =>
          [...document.querySelectorAll('input')].filter((i) => i.labels?.[0]?.textContent?.startsWith('Digit'))[4]
            ?.value === '5' && performance.timeOrigin + performance.now(),
        null,
      );
      await tapField(page.getByLabel('Digit 1 of 6'));
      await type(page, '12345');
      return filled;
    },
  },
  {
    name: 'account: saving the name',
    path: '/account',
    as: 'user',
    ready: (page) => page.getByRole('button', { name: 'Save name' }).waitFor(visible),
    act: async (page, run) => {
      const name = page.getByLabel('Name', { exact: true });
      await tapField(name);
      await page.keyboard.press('Control+A');
      await type(page, `Audit User ${run + 1}`);
      const saved = shown(page, '.Toastify *', 'Profile updated');
      await page.getByRole('button', { name: 'Save name' }).tap();
      return saved;
    },
  },
  {
    name: 'admin: an enquiry’s status',
    path: '/admin/contactdetails',
    as: 'admin',
    before: async (url) => {
      const res = await fetch(`${url}/api/form/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Bench Client',
          email: 'bench-client@example.com',
          phoneNumber: '+91 90000 00000',
          message: 'An enquiry for the bench.',
        }),
      });
      if (res.status !== 201) throw new Error(`an enquiry for the bench: ${res.status} ${await res.text()}`);
    },
    ready: (page) => page.getByLabel('Status', { exact: true }).first().waitFor(visible),
    act: async (page) => {
      // A closed select steps with the arrow keys; Enter makes the choice (src/islands/admin/StatusSelect.tsx).
      const status = page.getByLabel('Status', { exact: true }).first();
      await status.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await status.focus();
      await page.keyboard.press('ArrowDown');
      const saved = shown(page, '.Toastify *', 'Status updated');
      await page.keyboard.press('Enter');
      return saved;
    },
  },
];

/**
 * Runs in each document before its own scripts (outside its CSP) and hands every entry to the bench as it
 * comes, so that a page left by a navigation has reported its entries. A string, not a function: the
 * TypeScript runner would wrap a function's inner functions in a helper the page does not have.
 */
const OBSERVE = `
  const describe = (el) => !el ? '' : el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.getAttribute('aria-label') ? '[' + el.getAttribute('aria-label') + ']' : '');
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId)
        window.__benchReport({ kind: 'event', doc: performance.timeOrigin, id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration, target: describe(e.target) });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  for (const type of ['pointerdown', 'keydown'])
    addEventListener(type, (e) => e.isTrusted && window.__benchReport({ kind: 'input', doc: performance.timeOrigin, start: e.timeStamp, duration: 0 }), { capture: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__benchReport({ kind: 'longtask', doc: performance.timeOrigin, start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

interface Reported {
  kind: 'event' | 'longtask' | 'input';
  doc: number;
  id?: number;
  name?: string;
  start: number;
  duration: number;
  target?: string;
}

interface Visit {
  /** From the last input (pointer or key down) to the flow's outcome on the screen (the banner gone, ...), ms. */
  done: number;
  /** The slowest interaction's duration, ms. */
  slowest: number;
  /** Its longest entry: the event's name and target. */
  event: string;
  longTasks: number;
  longTaskMs: number;
  /** Script bytes on the wire requested from the first input on. */
  scriptBytes: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function visit(browser: Browser, url: string, flow: Flow, storage: Record<string, string>, run: number) {
  const context = await browser.newContext({
    ...MOBILE,
    ...(flow.viewport ? { viewport: flow.viewport } : {}),
    storageState: {
      cookies: [],
      origins: [{ origin: url, localStorage: Object.entries(storage).map(([name, value]) => ({ name, value })) }],
    },
  });
  try {
    const page = await context.newPage();
    const reported: Reported[] = [];
    await page.exposeFunction('__benchReport', (r: Reported) => void reported.push(r));
    await page.addInitScript(OBSERVE);
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    if (traceDir) {
      const file = `${flow.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${run + 1}.json`;
      await browser.startTracing(page, { path: path.join(traceDir, file), categories: TRACE_CATEGORIES });
    }
    // Scripts requested once the visitor has started: what the first interaction waits for.
    let acting = false;
    const duringInteraction = new Set<string>();
    const scripts = new Set<string>();
    let scriptBytes = 0;
    cdp.on('Network.requestWillBeSent', (e) => acting && duringInteraction.add(e.requestId));
    cdp.on('Network.responseReceived', (e) => e.type === 'Script' && scripts.add(e.requestId));
    cdp.on('Network.loadingFinished', (e) => {
      if (duringInteraction.has(e.requestId) && scripts.has(e.requestId)) scriptBytes += e.encodedDataLength;
    });

    await flow.before?.(url);
    // A generous bound, not a measurement: on a busy machine a throttled load can take over 30 s.
    await page.goto(url + flow.path, { waitUntil: 'load', timeout: 120_000 });
    await flow.ready?.(page);
    // Playwright evaluates its own script in each of the page's worlds on first use (locators in one,
    // waitForFunction in the other): 30-55 ms of the page's main thread at 4× CPU. Done now, not inside
    // the first tap or the keystroke after which the flow starts watching for its outcome.
    await page.locator('body').waitFor();
    await page.waitForFunction(() => true);
    await page.waitForTimeout(Number(process.env.BENCH_SETTLE_MS ?? 1000));
    acting = true;
    const doneAt = await flow.act(page, run);
    // Entries come after the frame that follows each event: let the page paint and settle.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 3000 }), 500)),
        ),
    );
    await page.waitForTimeout(300);
    if (traceDir) await browser.stopTracing();

    const events = reported.filter((r) => r.kind === 'event');
    if (!events.length) throw new Error(`${flow.name}: the page reported no interaction`);
    const first = events.reduce((a, b) => (b.doc + b.start < a.doc + a.start ? b : a));
    const firstAt = first.doc + first.start;
    const slowestEntry = events.reduce((a, b) => (b.duration > a.duration ? b : a));
    // The input that asked for the outcome: the last pointer down or key down before it showed.
    const lastInputAt = Math.max(
      ...reported.filter((r) => r.kind === 'input' && r.doc + r.start <= doneAt).map((r) => r.doc + r.start),
    );
    const after = reported.filter((r) => r.kind === 'longtask' && r.doc + r.start >= firstAt);
    return {
      done: doneAt - lastInputAt,
      slowest: slowestEntry.duration,
      event: `${slowestEntry.name} ${slowestEntry.target}`.trim(),
      longTasks: after.length,
      longTaskMs: after.reduce((s, r) => s + r.duration, 0),
      scriptBytes,
    } satisfies Visit;
  } finally {
    await context.close();
  }
}

const only = process.env.BENCH_FLOWS?.split(',').map((s) => s.trim().toLowerCase());
const flows = only ? FLOWS.filter((f) => only.some((o) => f.name.toLowerCase().includes(o))) : FLOWS;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const traceDir = process.env.BENCH_TRACE;
if (traceDir) mkdirSync(traceDir, { recursive: true });
/** What DevTools' Performance panel records: tasks, events, style, layout, paint and frames. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'latencyInfo',
  'v8.execute',
];
const distDir = process.env.DIST_DIR ?? 'dist';
if (!existsSync(path.join(distDir, 'index.html'))) {
  if (process.env.DIST_DIR) throw new Error(`no build in ${distDir}`);
  console.log('No build yet: npm run build');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}

const chromePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : chromium.executablePath();
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-interaction-'));
const roles = new Set(flows.flatMap((f) => (f.as ? [f.as] : [])));
// Every flow is run again and again from one address: that is the bench, not an attack.
const { server, url, tokens } = await serverWithAccounts({ DATA_DIR: dataDir, RATE_LIMITS: 'off' }, roles);
const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
const load = () => loadavg()[0]!.toFixed(1);
try {
  console.log(
    `First interactions ${new Date().toISOString()}, ${distDir}, ${runs} fresh visits each, Chromium 4× CPU, 150 ms RTT, 1.6 Mbps; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  console.log(
    '| flow | slowest interaction, median ms | max | each visit | slowest event (most often) | last input to outcome, median ms | long tasks after the first input: count, ms (median) | JS the first interaction fetched, KB | load |',
  );
  console.log('|---|---:|---:|---|---|---:|---|---:|---:|');
  for (const flow of flows) {
    const storage: Record<string, string> = {
      ...(flow.firstVisit ? {} : { [COOKIE_CONSENT_KEY]: 'rejected' }),
      ...(flow.as ? { [TOKEN_KEY]: tokens[flow.as]! } : {}),
    };
    const visits: Visit[] = [];
    for (let i = 0; i < runs; i++) visits.push(await visit(browser, url, flow, storage, i));
    const slowest = visits.map((v) => v.slowest);
    const names = visits.map((v) => v.event);
    const event = names.toSorted(
      (a, b) => names.filter((n) => n === b).length - names.filter((n) => n === a).length,
    )[0];
    console.log(
      `| ${flow.name} | ${median(slowest)} | ${Math.max(...slowest)} | ${slowest.join(' / ')} | ${event} | ${median(visits.map((v) => v.done)).toFixed(0)} | ${median(
        visits.map((v) => v.longTasks),
      )}, ${median(visits.map((v) => v.longTaskMs)).toFixed(0)} | ${(median(visits.map((v) => v.scriptBytes)) / 1024).toFixed(1)} | ${load()} |`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
