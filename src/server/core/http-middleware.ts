// Request hygiene: no caching and JSON only for every API call; a body limit each route declares.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { errorBody } from './errors.ts';
import { COMMON_HEADERS, HSTS, NON_PAGE_CSP } from './security-headers.ts';

/**
 * Every API answer, errors and preflights included, is never cached and carries the security headers
 * itself: as a Netlify Function the site's header rules do not reach it. HSTS when the request reached
 * us over HTTPS (the `npm start` server adds it too when a trusted proxy says so).
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  const headers = c.res.headers;
  headers.set('Cache-Control', 'no-store');
  // A route that answers a page (the editor's sign-in window) may set its own opener and content policies.
  for (const [k, v] of Object.entries(COMMON_HEADERS)) if (!headers.has(k)) headers.set(k, v);
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', NON_PAGE_CSP);
  if (new URL(c.req.url).protocol === 'https:') headers.set('Strict-Transport-Security', HSTS);
};

/**
 * Whether the request carries a body, judged without touching the body itself. Over HTTP a body is
 * announced by Content-Length or Transfer-Encoding (RFC 9112 §6.3): the Node adapter gives every request a
 * body stream, so a browser's bodiless DELETE must not be judged by it. An in-process Request (tests,
 * Netlify) is judged by whether it carries a body at all.
 */
function hasBody(c: Context): boolean {
  const length = c.req.header('content-length');
  if (length !== undefined) return length !== '0';
  if (c.env?.incoming?.headers !== undefined) return c.req.header('transfer-encoding') !== undefined;
  return c.req.raw.body !== null;
}

/** How much of a chunked body over its limit is read and dropped, and for how long, before answering. */
const DROP_BYTES = 64 * 1024 * 1024;
const DROP_MS = 2_000;

/**
 * A chunked body, read whole if it is at most `maxBytes`. Beyond, the rest is read and dropped before the
 * answer (within DROP_BYTES and DROP_MS), so that the client, still sending, then reads the 413 and its
 * connection carries its next request; a larger or slower one gets the answer with `Connection: close`.
 */
async function readCounted(c: Context, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const reader = c.req.raw.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), DROP_MS);
  });
  try {
    for (;;) {
      const read = await (size > maxBytes ? Promise.race([reader.read(), late]) : reader.read());
      if (read === undefined || size > DROP_BYTES) break;
      if (read.done) return size > maxBytes ? undefined : new Uint8Array(Buffer.concat(chunks));
      size += read.value.length;
      if (size <= maxBytes) chunks.push(read.value);
    }
  } finally {
    clearTimeout(timer);
  }
  void reader.cancel().catch(() => {});
  c.header('Connection', 'close');
  return undefined;
}

/**
 * 413 for a body over `maxBytes`. Every route gets one from its declaration (route-factories.ts). A body whose
 * size the headers tell is judged by them; only a chunked one is read and counted. Not Hono's bodyLimit:
 * it stops reading a body over the limit, and the client still sending it cannot read the answer.
 */
export function limitBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Context) => c.json(errorBody(`Request body too large (at most ${maxBytes / 1024} KiB)`), 413);
  const counted: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!c.req.raw.body) return next();
    const body = await readCounted(c, maxBytes);
    if (!body) return tooLarge(c);
    c.req.raw = new Request(c.req.raw, { body });
    return next();
  };
  return async (c, next) => {
    if (c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    const length = c.req.header('content-length');
    if (length !== undefined) return Number(length) > maxBytes ? tooLarge(c) : next();
    return hasBody(c) ? counted(c, next) : next();
  };
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/** A request that carries a body must say it is JSON: anything else is 415, not a confusing 400. */
export const jsonOnly: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type');
  if (hasBody(c) && !(type && JSON_TYPE.test(type))) {
    return c.json(errorBody('Content-Type must be application/json'), 415);
  }
  return next();
};
