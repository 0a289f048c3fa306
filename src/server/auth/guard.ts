// The one guard: it enforces a route's line of the assurance table (auth/assurance.ts). Routes get it by
// being declared with publicRoute()/userRoute()/adminRoute() (route-factories.ts), never by path and
// never in a handler: bearer token -> session -> user, the admin role, a proved address, and what the
// session must have proved, or the code the call carries instead.
import type { Context, MiddlewareHandler } from 'hono';
import type { SignedInEnv } from '../core/context.ts';
import { ApiError } from '../core/errors.ts';
import { findSession, stepUpSession } from './sessions.ts';
import {
  ASSURANCE,
  type Assurance,
  acceptedWithTheCall,
  type Line,
  type SessionNeed,
  type Standing,
  sessionMeets,
} from './assurance.ts';
import { requireProvedAddress, STEP_UP, spendAddFactorCode } from './factors.ts';
import { checkOwnerAnswer } from '../account/proof.ts';
import { clientKey } from '../limits/client-ip.ts';
import { acceptSecondFactor, isTwoFactorOn } from '../two-factor/second-factor.ts';
import { ADMIN_2FA_REQUIRED } from '../../lib/sign-in-methods.ts';
import { CONFIRM_WITH_CODE, SIGN_IN_AGAIN_WITH_TWO, WRONG_CODE } from '../../lib/schemas/two-factor.ts';

export const NOT_SIGNED_IN = 'Not authorized. Please sign in.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const ADMINS_ONLY = 'Admins only.';

/** The token of an `Authorization: Bearer <token>` header, if the request has one. */
export function bearerToken(c: { req: { header(name: string): string | undefined } }): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
}

/** The lines whose session need depends on whether the account has an authenticator app. */
const READS_TOTP: ReadonlySet<SessionNeed> = new Set([
  'fresh two factors',
  'two factors where the account has an authenticator app',
]);

/** The middleware that enforces `name`'s line; the route factories add it to every route. */
export function guard(name: Assurance): MiddlewareHandler<SignedInEnv> {
  const line: Line = ASSURANCE[name];
  return async (c, next) => {
    if (line.who === 'anyone') return next();
    const deps = c.var.deps;
    const token = bearerToken(c);
    if (!token) throw new ApiError(401, NOT_SIGNED_IN);
    const found = await findSession(deps, token);
    if (!found) throw new ApiError(401, SESSION_ENDED);
    const { user, session } = found;
    c.set('user', user);
    c.set('session', session);
    if (line.who === 'admin' && !user.isAdmin) throw new ApiError(403, ADMINS_ONLY);
    if (line.provedAddress) requireProvedAddress(user);
    const standing: Standing = {
      isAdmin: user.isAdmin,
      isAccountVerified: user.isAccountVerified,
      hasTotp: READS_TOTP.has(line.session) ? await isTwoFactorOn(deps, user.id) : false,
      requireAdmin2fa: deps.config.requireAdmin2fa,
    };
    const now = deps.now();
    if (sessionMeets(line.session, session, standing, now)) return next();

    const accepted = acceptedWithTheCall(line, standing);
    const body = accepted.length > 0 ? await jsonFields(c) : {};
    const ip = clientKey(c, deps.config.trustProxy);
    if (accepted.includes('code') && typeof body.code === 'string') {
      // A step-up: the session has now proved two factors, and stays fresh for a while.
      const code = body.code;
      await checkOwnerAnswer(deps, ip, user, () => acceptSecondFactor(deps, user.id, code), {
        field: 'code',
        wrong: WRONG_CODE,
      });
      c.set('session', await stepUpSession(deps, session));
      return next();
    }
    if (accepted.includes('otp') && typeof body.otp === 'string') {
      await spendAddFactorCode(deps, ip, user, body.otp);
      return next();
    }
    throw refusal(line, accepted);
  };
}

function refusal(line: Line, accepted: string[]): ApiError {
  if (line.session === 'two factors under REQUIRE_ADMIN_2FA') return new ApiError(403, ADMIN_2FA_REQUIRED);
  if (accepted.includes('code')) return new ApiError(403, CONFIRM_WITH_CODE, {}, undefined, undefined, true);
  if (accepted.includes('otp')) return new ApiError(403, STEP_UP, {}, undefined, true);
  return new ApiError(403, SIGN_IN_AGAIN_WITH_TWO);
}

/**
 * The fields of a JSON body, read before validation (Hono keeps what was read for the validator, which
 * answers a malformed body itself); {} for none.
 */
async function jsonFields(c: Context): Promise<Record<string, unknown>> {
  if (!/json/i.test(c.req.header('content-type') ?? '')) return {};
  const body: unknown = await c.req.json().catch(() => undefined);
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}
