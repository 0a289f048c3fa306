// Building blocks for the route definitions, so that /api/openapi.json and the validation share schemas
// (request and answer schemas live in src/lib/schemas/, one file per domain, shared with the islands).
//
// The route convention: every route is declared with one of three factories, which say in one place
// who may call it. The factory adds both the OpenAPI `security` and the guard middleware, so the
// contract and the check cannot drift:
//   publicRoute({...})  anyone;
//   userRoute({...})    a signed-in user: `security: bearer`, requireUser, 401 in the responses;
//                       the handler reads c.get('user') and c.get('session');
//   adminRoute({...})   an admin: bearer with the role 'admin', requireUser + requireAdmin, 401 and 403.
// Each also limits the request body to LIMITS.apiBodyBytes, unless it declares `maxBodyBytes`, and
// documents the answers any call can get: 413 (body over that limit) and 415 (a body that is not JSON).
// Paths are relative to the router's prefix, which core/app.ts mounts it at
// (app.route('/v1/admin/user', userAdminRoutes(...)) + path '/' = GET /api/v1/admin/user).
// tests/api/route-auth.test.ts walks /api/openapi.json and checks every declared guard answers 401
// (docs/decisions/126-routes-declare-who-may-call-them.md).
import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { ZodType } from 'zod';
import { LIMITS } from '../../lib/constants.ts';
import { errorSchema } from '../../lib/schemas/api.ts';
import type { AppEnv, SignedInEnv } from './context.ts';
import { validationHook } from './errors.ts';
import { requireAdmin, requireUser } from './auth-middleware.ts';
import { limitBody } from './http-middleware.ts';

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
type Declaration = Omit<RouteConfig, 'security' | 'middleware'> & {
  /** Largest accepted body in bytes; LIMITS.apiBodyBytes when absent. */
  maxBodyBytes?: number;
};

function declare<R extends Declaration>(route: R) {
  const { maxBodyBytes = LIMITS.apiBodyBytes, ...declared } = route;
  // A route's own description of 413 or 415 wins over the generic one.
  const rest = { ...declared, responses: { ...errors(413, 415), ...declared.responses } };
  return { rest, limit: limitBody(maxBodyBytes) };
}

/** A route anyone may call. */
export function publicRoute<R extends Declaration>(route: R) {
  const { rest, limit } = declare(route);
  return createRoute({ ...rest, middleware: [limit] as [MiddlewareHandler<AppEnv>] });
}

/** A route for a signed-in user; its handler can read c.get('user') and c.get('session'). */
export function userRoute<R extends Declaration>(route: R) {
  const { rest, limit } = declare(route);
  return createRoute({
    ...rest,
    security: [{ [BEARER]: [] }],
    middleware: [limit, requireUser] as [MiddlewareHandler<AppEnv>, MiddlewareHandler<SignedInEnv>],
    responses: { ...rest.responses, ...errors(401) },
  });
}

/** A route for admins only (OpenAPI 3.1 names the role in the security requirement). */
export function adminRoute<R extends Declaration>(route: R) {
  const { rest, limit } = declare(route);
  return createRoute({
    ...rest,
    security: [{ [BEARER]: ['admin'] }],
    middleware: [limit, requireUser, requireAdmin] as [
      MiddlewareHandler<AppEnv>,
      MiddlewareHandler<SignedInEnv>,
      MiddlewareHandler<SignedInEnv>,
    ],
    responses: { ...rest.responses, ...errors(401, 403) },
  });
}
