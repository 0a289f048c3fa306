// Accounts and sessions: signup, sign-in, the current user, sign-out.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { toLocale } from '../../i18n/locales.ts';
import { messageSchema } from '../../lib/schemas/api.ts';
import { currentUserResponse, sessionResponse, signInBody, signOutBody, signupBody } from '../../lib/schemas/auth.ts';
import { signInResponse } from '../../lib/schemas/two-factor.ts';
import { isAddressInTrash } from '../trash/trash.ts';
import type { Deps } from '../core/context.ts';
import { users } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { clientKey } from '../limits/client-ip.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import { errors, jsonBody, ok, publicRoute, router, userRoute } from './route-factories.ts';
import { normaliseEmail } from '../users/email.ts';
import { toUser } from '../users/user-json.ts';
import { hashPassword, refuseCommonPassword, verifyPassword } from './passwords.ts';
import { endSessions } from './sessions.ts';
import { SIGNED_IN, signedInWithPassword } from './signed-in.ts';
import { underSignInLimits } from './sign-in-limits.ts';
import { isTwoFactorOn } from '../two-factor/second-factor.ts';
import { startTwoFactorSignIn, TWO_FACTOR_REQUIRED } from '../two-factor/sign-in-routes.ts';

const EMAIL_TAKEN = 'An account with this email already exists';
const INVALID_CREDENTIALS = 'Invalid credentials';

const signup = publicRoute({
  assurance: 'none',
  method: 'post',
  path: '/signup',
  tags: ['auth'],
  request: { body: jsonBody(signupBody) },
  responses: { 201: ok(sessionResponse, 'Account created and signed in'), ...errors(400, 409, 429, 503) },
});

const signIn = publicRoute({
  assurance: 'none',
  method: 'post',
  path: '/sign-in',
  tags: ['auth'],
  request: { body: jsonBody(signInBody) },
  description:
    'With two-factor on, the answer has no token but `twoFactorRequired: true` and a `challenge` for POST /api/v1/auth/two-factor.',
  responses: {
    200: ok(signInResponse, 'Signed in, or the second factor is needed'),
    ...errors(400, 401, 429, 503),
  },
});

const currentUser = userRoute({
  assurance: 'session',
  method: 'get',
  path: '/user',
  tags: ['auth'],
  responses: {
    200: ok(currentUserResponse, 'The signed-in user'),
    ...errors(503),
  },
});

const signOut = userRoute({
  assurance: 'session',
  method: 'post',
  path: '/sign-out',
  tags: ['auth'],
  request: { body: jsonBody(signOutBody, false) },
  responses: { 200: ok(messageSchema, 'Sessions ended'), ...errors(400, 503) },
});

export function authRoutes(deps: Deps) {
  const app = router();

  app.openapi(signup, async (c) => {
    const body = c.req.valid('json');
    const ip = clientKey(c, deps.config.trustProxy);
    await deps.limiter.consume([
      [RULES.signupPerIp, ip],
      [RULES.signupPerIpHour, ip],
    ]);
    refuseCommonPassword(body.password, 'password');
    const email = normaliseEmail(body.email);
    const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    // A deleted account keeps its address while it can be restored (docs/decisions/032-admin-workflow-and-trash.md).
    if (existing || (await isAddressInTrash(deps.db, email, deps.now()))) throw new ApiError(409, EMAIL_TAKEN);
    const passwordHash = await hashPassword(body.password);
    // The account's mails are written in the language of the page it signed up on (the site's client
    // sends it as Accept-Language), until its owner picks another on /account.
    const locale = toLocale(c.req.header('accept-language'));
    const [user] = await deps.db
      .insert(users)
      .values({ id: randomUUID(), name: body.name, email, passwordHash, locale, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning();
    // Lost a race with a concurrent signup for the same address.
    if (!user) throw new ApiError(409, EMAIL_TAKEN);
    const session = await signedInWithPassword(deps, user, 'password', c.req.header('user-agent'), ip);
    return c.json({ success: true as const, message: 'Account created successfully!', ...session }, 201);
  });

  app.openapi(signIn, async (c) => {
    const body = c.req.valid('json');
    const ip = clientKey(c, deps.config.trustProxy);
    const email = normaliseEmail(body.email);
    const [user] = await deps.db.select().from(users).where(eq(users.email, email));
    // Unknown address: verifyPassword still spends an argon2 verify, so both failures look the same, and
    // both count against the address.
    const valid = await underSignInLimits(
      deps,
      ip,
      email,
      async () => (await verifyPassword(user?.passwordHash ?? null, body.password)) && user !== undefined,
      { userId: user?.id, deviceToken: body.deviceToken },
    );
    if (!valid || !user) throw new ApiError(401, INVALID_CREDENTIALS);
    if (await isTwoFactorOn(deps, user.id)) {
      const challenge = await startTwoFactorSignIn(deps, user.id);
      return c.json(
        {
          success: true as const,
          message: TWO_FACTOR_REQUIRED,
          twoFactorRequired: true as const,
          challenge,
        },
        200,
      );
    }
    const session = await signedInWithPassword(deps, user, 'password', c.req.header('user-agent'), ip);
    return c.json({ success: true as const, message: SIGNED_IN, ...session }, 200);
  });

  app.openapi(currentUser, (c) => c.json({ success: true as const, userData: toUser(c.get('user')) }, 200));

  app.openapi(signOut, async (c) => {
    const scope = c.req.valid('json')?.scope ?? 'global';
    await endSessions(deps, c.get('session'), scope);
    return c.json({ success: true as const, message: 'Successfully logged out' }, 200);
  });

  return app;
}
