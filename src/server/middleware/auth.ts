// The auth guards: bearer token -> session -> user, and the admin check after it. Routes get them by
// being declared with userRoute()/adminRoute() (openapi.ts), never by path.
import type { MiddlewareHandler } from 'hono';
import type { SignedInEnv } from '../context.ts';
import { ApiError } from '../errors.ts';
import { findSession } from '../auth/sessions.ts';

export const requireUser: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new ApiError(401, 'Not authorized. Please sign in.');
  const found = await findSession(c.var.deps, match[1]);
  if (!found) throw new ApiError(401, 'Your session has ended. Please sign in again.');
  c.set('user', found.user);
  c.set('session', found.session);
  await next();
};

export const requireAdmin: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  if (!c.get('user').isAdmin) throw new ApiError(403, 'Admins only.');
  await next();
};
