// Bearer token -> session -> user. Admin calls add requireAdmin after requireUser.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { ApiError } from '../errors.ts';
import { findSession } from '../auth/sessions.ts';

export function requireUser(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new ApiError(401, 'Not authorized. Please sign in.');
    const found = await findSession(deps, match[1]);
    if (!found) throw new ApiError(401, 'Your session has ended. Please sign in again.');
    c.set('user', found.user);
    c.set('session', found.session);
    await next();
  };
}

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user').isAdmin) throw new ApiError(403, 'Admins only.');
  await next();
};
