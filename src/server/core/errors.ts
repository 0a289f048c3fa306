// One error shape for every failure: { success: false, message, issues?, stepUp?, twoFactorRequired? }.
// Bad input is a 4xx with a message, never a stack trace; a database outage is a 503.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { Issue } from '../../lib/schemas/api.ts';
import { log } from './log.ts';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly issues?: Issue[],
    /** Set when the caller must confirm with a mailed code first (auth/factors.ts). */
    readonly stepUp?: true,
    /** Set when the caller must send a code of the authenticator app or a recovery code (auth/assurance.ts). */
    readonly twoFactorRequired?: true,
  ) {
    super(message);
  }
}

export function errorBody(message: string, issues?: Issue[], stepUp?: true, twoFactorRequired?: true) {
  return {
    success: false as const,
    message,
    ...(issues ? { issues } : {}),
    ...(stepUp ? { stepUp } : {}),
    ...(twoFactorRequired ? { twoFactorRequired } : {}),
  };
}

export function zodIssues(error: ZodError): Issue[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** The hook @hono/zod-openapi calls after validating a request part. */
export function validationHook(result: { success: boolean; error?: ZodError }, c: Context) {
  if (!result.success && result.error) {
    const issues = zodIssues(result.error);
    return c.json(errorBody(issues[0]?.message ?? 'Invalid input', issues), 400);
  }
  return undefined;
}

// Connection-level failures from pg / PGlite: SQLSTATE class 08 and 57P0x, socket errors, pool timeouts.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection is closed|PGlite is closed|Query read timeout|not queryable/i;

/** The SQLSTATE of a database error (wrapped or not), e.g. '23505' for a unique violation. */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e.cause?.code ?? e.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

export function onError(err: Error, c: Context) {
  // Also set here: a path that normalises to outside /api (e.g. /api/x/%2e%2e/%2e%2e) skips the middleware.
  c.header('Cache-Control', 'no-store');
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json(errorBody(err.message, err.issues, err.stepUp, err.twoFactorRequired), err.status);
  }
  if (err instanceof HTTPException) {
    // Hono's own: malformed JSON (400) and the like.
    return c.json(errorBody(err.message || 'Bad request'), err.status as ContentfulStatusCode);
  }
  // SQLSTATE class 22, data exception: input the database cannot hold (a NUL in text, an absurd number).
  if (sqlState(err)?.startsWith('22')) return c.json(errorBody('Invalid input'), 400);
  if (isDatabaseUnavailable(err)) {
    c.header('Retry-After', '5');
    return c.json(errorBody('Service temporarily unavailable. Please try again shortly.'), 503);
  }
  log.error({ err }, 'Unexpected error');
  return c.json(errorBody('Something went wrong. Please try again.'), 500);
}

export function notFound(c: Context) {
  c.header('Cache-Control', 'no-store');
  return c.json(errorBody('Not found'), 404);
}
