// The auth guards: bearer token -> session -> user, and the admin check after it. Routes get them by
// being declared with userRoute()/adminRoute() (route-factories.ts), never by path.
import type { MiddlewareHandler } from 'hono';
import type { SignedInEnv } from './context.ts';
import { ApiError } from './errors.ts';
import { findSession } from '../auth/sessions.ts';
import { isTwoFactorSession } from '../auth/factors.ts';
import { ADMIN_2FA_REQUIRED } from '../../lib/schemas/two-factor.ts';

/** The token of an `Authorization: Bearer <token>` header, if the request has one. */
export function bearerToken(c: { req: { header(name: string): string | undefined } }): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
}

export const requireUser: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  const token = bearerToken(c);
  if (!token) throw new ApiError(401, 'Not authorized. Please sign in.');
  const found = await findSession(c.var.deps, token);
  if (!found) throw new ApiError(401, 'Your session has ended. Please sign in again.');
  c.set('user', found.user);
  c.set('session', found.session);
  await next();
};

export const requireAdmin: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  if (!c.get('user').isAdmin) throw new ApiError(403, 'Admins only.');
  if (c.var.deps.config.requireAdmin2fa && !isTwoFactorSession(c.get('session'))) {
    throw new ApiError(403, ADMIN_2FA_REQUIRED);
  }
  await next();
};
