// /api/v1/auth/passkey: signing in with a passkey. The options call makes a challenge for any passkey
// of this site (the login page hands it to the browser's autofill too); the answer signs in the passkey's
// owner with a session like a password sign-in's, counted as two factors (the device and its unlock)
// only when the authenticator verified the user (the UV flag); a passkey touched without it is one.
import { eq } from 'drizzle-orm';
import { LIMITS } from '../../lib/constants.ts';
import { sessionResponse } from '../../lib/schemas/auth.ts';
import { passkeySignInBody, webauthnOptions } from '../../lib/schemas/passkeys.ts';
import { SIGNED_IN, signedIn } from '../auth/signed-in.ts';
import type { Deps } from '../core/context.ts';
import { users } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { clientKey } from '../limits/client-ip.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import { errors, jsonBody, ok, publicRoute, router } from '../auth/route-factories.ts';
import { authenticationOptions, NOT_VERIFIED, verifyAuthentication } from './ceremonies.ts';

const tags = ['auth'];

const options = publicRoute({
  assurance: 'none',
  method: 'post',
  path: '/passkey/options',
  tags,
  description:
    'Authentication options for navigator.credentials.get (as @simplewebauthn/browser takes them): no allowCredentials, so the browser offers every passkey it holds for this site; the challenge is valid once for 5 minutes.',
  responses: { 200: ok(webauthnOptions, 'PublicKeyCredentialRequestOptionsJSON'), ...errors(429, 503) },
});

const signIn = publicRoute({
  assurance: 'none',
  method: 'post',
  path: '/passkey',
  tags,
  maxBodyBytes: LIMITS.passkeyBodyBytes,
  request: { body: jsonBody(passkeySignInBody) },
  responses: {
    200: ok(sessionResponse, 'Signed in'),
    ...errors(400, 401, 429, 503),
  },
});

export function passkeySignInRoutes(deps: Deps) {
  const app = router();
  const perIp = (c: Parameters<typeof clientKey>[0]) =>
    deps.limiter.consume([[RULES.passkeyPerIp, clientKey(c, deps.config.trustProxy)]]);

  app.openapi(options, async (c) => {
    await perIp(c);
    return c.json(await authenticationOptions(deps), 200);
  });

  app.openapi(signIn, async (c) => {
    await perIp(c);
    const { passkey, userVerified } = await verifyAuthentication(deps, c.req.valid('json').response);
    const [user] = await deps.db.select().from(users).where(eq(users.id, passkey.userId));
    if (!user) throw new ApiError(401, NOT_VERIFIED);
    const session = await signedIn(
      deps,
      user,
      userVerified ? 'passkey-verified' : 'passkey',
      c.req.header('user-agent'),
    );
    return c.json({ success: true as const, message: SIGNED_IN, ...session }, 200);
  });

  return app;
}
