// Building blocks for the route definitions, so that /api/openapi.json and the validation share schemas
// (request and answer schemas live in src/lib/schemas/, one file per domain, shared with the islands).
//
// The route convention: every route is declared with one of three factories, which say in one place
// who may call it and what they must have proved. Each route names its line of the assurance table
// (`assurance: 'session'`, ...: auth/assurance.ts); the factory adds the one guard that enforces it
// (auth/guard.ts), the OpenAPI `security` and `x-assurance`, so that the contract and the
// check cannot drift, and a route without a line does not compile (and throws when the app is built):
//   publicRoute({ assurance: 'none', ...})   anyone;
//   userRoute({ assurance: 'session' | 'finish-factor' | 'add-factor' | 'change-factor' | 'owner', ...})
//                       a signed-in user: `security: bearer`, 401 and 403 in the responses; the handler
//                       reads c.get('user') and c.get('session');
//   adminRoute({ assurance: 'admin', ...})   an admin: bearer with the role 'admin', 401 and 403.
// Each also limits the request body to LIMITS.apiBodyBytes, unless it declares `maxBodyBytes`, and
// documents the answers any call can get: 413 (body over that limit) and 415 (a body that is not JSON).
// Paths are relative to the router's prefix, which app.ts mounts it at
// (app.route('/v1/admin/user', userAdminRoutes(...)) + path '/' = GET /api/v1/admin/user).
// tests/api/assurance.test.ts walks /api/openapi.json and calls every route with every kind of session
// (docs/decisions/126-routes-declare-who-may-call-them.md, 160-one-table-of-assurance.md).
import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { ZodType } from 'zod';
import { LIMITS } from '../../lib/constants.ts';
import { errorSchema } from '../../lib/schemas/api.ts';
import type { AppEnv, SignedInEnv } from '../core/context.ts';
import { validationHook } from '../core/errors.ts';
import { guard } from './guard.ts';
import { ASSURANCE, type Assurance, type UserAssurance } from './assurance.ts';
import { limitBody } from '../core/http-middleware.ts';

export function router() {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

export function jsonBody<T extends ZodType>(schema: T, required = true) {
  return { required, content: { 'application/json': { schema } } };
}

export function ok<T extends ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'No or bad token',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Not JSON',
  429: 'Rate-limited (see Retry-After)',
  503: 'Database, mail or provider unavailable',
};

export function errors<S extends keyof typeof ERROR_TEXT>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, ok(errorSchema, ERROR_TEXT[s]!)])) as Record<
    S,
    ReturnType<typeof ok<typeof errorSchema>>
  >;
}

/** The security scheme app.ts registers: `Authorization: Bearer <token>`. */
export const BEARER = 'bearer';

/** What a route declares; the factory adds security and middleware. */
type Declaration<L extends Assurance> = Omit<RouteConfig, 'security' | 'middleware'> & {
  /** The route's line of the assurance table (auth/assurance.ts). */
  assurance: L;
  /** Largest accepted body in bytes; LIMITS.apiBodyBytes when absent. */
  maxBodyBytes?: number;
};

function declare<L extends Assurance, R extends Declaration<L>>(route: R, allowed: readonly Assurance[]) {
  const { maxBodyBytes = LIMITS.apiBodyBytes, assurance, ...declared } = route;
  // The types already demand it; this stops a route built around them.
  if (!allowed.includes(assurance) || !(assurance in ASSURANCE)) {
    throw new Error(`${route.method.toUpperCase()} ${route.path} declares no assurance line of ${allowed.join(', ')}`);
  }
  // A route's own description of 413 or 415 wins over the generic one.
  const rest = {
    ...declared,
    'x-assurance': assurance,
    responses: { ...errors(413, 415), ...declared.responses },
  };
  return { rest, limit: limitBody(maxBodyBytes), guard: guard(assurance) as MiddlewareHandler<SignedInEnv> };
}

/** A route anyone may call. */
export function publicRoute<R extends Declaration<'none'>>(route: R) {
  const { rest, limit } = declare(route, ['none']);
  return createRoute({ ...rest, middleware: [limit] as [MiddlewareHandler<AppEnv>] });
}

const USER_LINES: readonly UserAssurance[] = ['session', 'finish-factor', 'add-factor', 'change-factor', 'owner'];

/** A route for a signed-in user; its handler can read c.get('user') and c.get('session'). */
export function userRoute<R extends Declaration<UserAssurance>>(route: R) {
  const { rest, limit, guard } = declare(route, USER_LINES);
  return createRoute({
    ...rest,
    security: [{ [BEARER]: [] }],
    middleware: [limit, guard] as [MiddlewareHandler<AppEnv>, MiddlewareHandler<SignedInEnv>],
    responses: { ...rest.responses, ...errors(401), ...(route.assurance === 'session' ? {} : errors(403)) },
  });
}

/** A route for admins only (OpenAPI 3.1 names the role in the security requirement). */
export function adminRoute<R extends Declaration<'admin'>>(route: R) {
  const { rest, limit, guard } = declare(route, ['admin']);
  return createRoute({
    ...rest,
    security: [{ [BEARER]: ['admin'] }],
    middleware: [limit, guard] as [MiddlewareHandler<AppEnv>, MiddlewareHandler<SignedInEnv>],
    responses: { ...rest.responses, ...errors(401, 403) },
  });
}
