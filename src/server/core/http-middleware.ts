// Request hygiene: no caching and JSON only for every API call; a body limit each route declares.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
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

/**
 * 413 for a body over `maxBytes`. Every route gets one from its declaration (route-factories.ts). A body whose
 * size the headers tell is judged by them; only a chunked one is read and counted. Not Hono's bodyLimit
 * for every call: it reads `c.req.raw.body`, which makes the Node adapter build a full Request for every
 * call (docs/decisions/030-api-structure.md).
 */
export function limitBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Context) => c.json(errorBody(`Request body too large (at most ${maxBytes / 1024} KiB)`), 413);
  // A chunked body stopped half-way leaves the connection unusable: the answer says it closes.
  const counted = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      c.header('Connection', 'close');
      return tooLarge(c);
    },
  });
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
