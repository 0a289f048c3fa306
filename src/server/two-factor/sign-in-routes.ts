// The second step of a password (or Google) sign-in with two-factor on: POST /api/v1/auth/two-factor takes the
// challenge the sign-in answered and a code of the authenticator app or a recovery code. The challenge
// lives 5 minutes, judges at most MAX_CHALLENGE_TRIES codes (each call takes a try before its code is
// judged) and is used up by the right one; every wrong code also counts against the account's sign-in limits.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessionResponse } from '../../lib/schemas/auth.ts';
import { twoFactorSignInBody, WRONG_CODE } from '../../lib/schemas/two-factor.ts';
import { reserveTry, storeChallenge, takeChallenge } from '../auth/challenges.ts';
import { underSignInLimits } from '../auth/sign-in-limits.ts';
import { SIGNED_IN, signedInWithPassword } from '../auth/signed-in.ts';
import type { Deps } from '../core/context.ts';
import { users } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { clientKey } from '../limits/client-ip.ts';
import { errors, jsonBody, ok, publicRoute, router } from '../auth/route-factories.ts';
import { acceptSecondFactor } from './second-factor.ts';

export const SIGN_IN_EXPIRED = 'This sign-in has expired. Please sign in again.';
/** The message of a first step (password or Google) that answers `twoFactorRequired`. */
export const TWO_FACTOR_REQUIRED = 'Enter the code from your authenticator app';

/** Made by a sign-in whose first factor was right: the challenge the client answers with the code. */
export async function startTwoFactorSignIn(deps: Deps, userId: string): Promise<string> {
  const challenge = randomBytes(32).toString('base64url');
  await storeChallenge(deps, 'two-factor', challenge, userId);
  return challenge;
}

const secondStep = publicRoute({
  assurance: 'none',
  method: 'post',
  path: '/two-factor',
  tags: ['auth'],
  description:
    'The second step of a sign-in that answered `twoFactorRequired`: the `challenge` with a code of the authenticator app or a recovery code. A wrong code answers 401 and counts against the sign-in limits.',
  request: { body: jsonBody(twoFactorSignInBody) },
  responses: { 200: ok(sessionResponse, 'Signed in'), ...errors(400, 401, 429, 503) },
});

export function twoFactorSignInRoutes(deps: Deps) {
  const app = router();

  app.openapi(secondStep, async (c) => {
    const { challenge, code, deviceToken: known } = c.req.valid('json');
    const userId = await reserveTry(deps, 'two-factor', challenge);
    const [user] = userId ? await deps.db.select().from(users).where(eq(users.id, userId)) : [];
    if (!user) throw new ApiError(401, SIGN_IN_EXPIRED);
    const ip = clientKey(c, deps.config.trustProxy);
    const right = await underSignInLimits(deps, ip, user.email, () => acceptSecondFactor(deps, user.id, code), {
      userId: user.id,
      deviceToken: known,
    });
    if (!right) throw new ApiError(401, WRONG_CODE, {}, [{ path: 'code', message: WRONG_CODE }]);
    // Two right answers at once: only the one that takes the challenge signs in.
    if (!(await takeChallenge(deps, 'two-factor', challenge, user.id))) throw new ApiError(401, SIGN_IN_EXPIRED);
    const session = await signedInWithPassword(deps, user, 'two-factor', c.req.header('user-agent'), ip);
    return c.json({ success: true as const, message: SIGNED_IN, ...session }, 200);
  });

  return app;
}
