// Shared pieces of the reliability runs (scripts/reliability/*.ts) and their tests (tests/reliability/).
// Everything talks to 127.0.0.1 only, and every loop is bounded in count and in time.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, like } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.ts';
import { enquiries } from '../../src/server/db/schema.ts';
import { removeOnExit } from '../../tests/helpers/leftovers.ts';
import pMap from 'p-map';

/**
 * A tiny site for servers whose test is about the API: one page with a hashed CSP <meta> as Astro writes it,
 * a 404 page and one asset, served by the same static-site code as the real dist/.
 */
export async function makeMiniDist(): Promise<string> {
  const dir = removeOnExit(await mkdtemp(path.join(tmpdir(), 'rel-dist-')));
  const page = (title: string) =>
    `<!doctype html><html><head><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' 'sha256-AAAA'; style-src 'self'"><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
  await mkdir(path.join(dir, '_astro'), { recursive: true });
  await mkdir(path.join(dir, 'projects'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), page('Home'));
  await writeFile(path.join(dir, 'projects', 'index.html'), page('Projects'));
  await writeFile(path.join(dir, '404.html'), page('Not found'));
  await writeFile(path.join(dir, '_astro', 'app.js'), 'console.log(1);\n');
  return dir;
}

let seq = 0;
/** A client address of its own for each call (X-Forwarded-For; the servers run with TRUST_PROXY=true). */
export function nextIp(prefix = 11): string {
  seq++;
  return `${prefix}.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}`;
}

export interface Answer {
  status: number;
  ms: number;
  // biome-ignore lint/suspicious/noExplicitAny: callers read whichever fields the answer has
  body: any;
  headers: Headers;
  /** Set when no HTTP answer came (refused, reset, timed out). */
  error?: string;
}

/** One JSON call with its latency; never throws (a connection failure is an answer with `error`). */
export async function call(
  base: string,
  method: string,
  urlPath: string,
  opts: { body?: unknown; token?: string; ip?: string; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  const started = performance.now();
  try {
    const res = await fetch(base + urlPath, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, ms: performance.now() - started, body, headers: res.headers };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return {
      status: 0,
      ms: performance.now() - started,
      body: undefined,
      headers: new Headers(),
      error: e.cause?.code ?? e.name,
    };
  }
}

/** A browser's User-Agent: page views from anything else are dropped as a bot's. */
export const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
};

export const enquiry = (message: string) => ({
  name: 'Reliability Run',
  email: 'reliability@example.com',
  phoneNumber: '+91 98765 43210',
  message,
});

/** Stored enquiries whose message starts with `prefix`, read straight from the database (server stopped for PGlite). */
export async function storedMessages(
  where: { dataDir?: string; databaseUrl?: string },
  prefix: string,
): Promise<Set<string>> {
  const database = await openDatabase({ dataDir: where.dataDir ?? tmpdir(), databaseUrl: where.databaseUrl });
  try {
    const rows = await database.db
      .select({ message: enquiries.message })
      .from(enquiries)
      .where(like(enquiries.message, `${prefix}%`));
    return new Set(rows.map((r) => r.message));
  } finally {
    await database.close();
  }
}

export async function countEnquiries(where: { dataDir?: string; databaseUrl?: string }): Promise<number> {
  const database = await openDatabase({ dataDir: where.dataDir ?? tmpdir(), databaseUrl: where.databaseUrl });
  try {
    const [row] = await database.db.select({ n: count() }).from(enquiries);
    return row?.n ?? 0;
  } finally {
    await database.close();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls `one` for 0 … count-1, at most `parallel` in flight; the answers in that order. */
export const spread = (count: number, parallel: number, one: (i: number) => Promise<Answer>): Promise<Answer[]> =>
  pMap(
    Array.from({ length: count }, (_, i) => i),
    one,
    { concurrency: parallel },
  );

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
