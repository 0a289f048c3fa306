// GET /api/v1/auth/google?code=…: sign in (or up) with a Google authorization code. Google is one factor:
// an account with two-factor on is asked for its code as after a password. Linking Google to an existing
// account mails a notice; on an unverified one it proves the address by another route than its own
// session, which removes every factor set up before (auth/factors.ts).
import { randomUUID } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { type Locale, toLocale } from '../../i18n/locales.ts';
import { isAddressInTrash } from '../trash/trash.ts';
import type { Deps } from '../core/context.ts';
import { identities, users, type UserRow } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { clientKey } from '../limits/client-ip.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import { signInResponse } from '../../lib/schemas/two-factor.ts';
import { noticeContext, queueNotice } from '../account/caller.ts';
import { googleLinkedMail } from '../mail/account-templates.ts';
import type { OutboxWorker } from '../mail/outbox.ts';
import { isTwoFactorOn } from '../two-factor/second-factor.ts';
import { startTwoFactorSignIn, TWO_FACTOR_REQUIRED } from '../two-factor/sign-in-routes.ts';
import { clearUnprovedFactors, ownerName } from './factors.ts';
import { errors, ok, publicRoute, router } from './route-factories.ts';
import { normaliseEmail } from '../users/email.ts';
import { GoogleVerifier, type GoogleIdentity } from './google.ts';
import { signedIn } from './signed-in.ts';
import { promoteListedAdmins } from '../users/admin-emails.ts';

const PROVIDER = 'google';

const googleSignIn = publicRoute({
  assurance: 'none',
  method: 'get',
  path: '/google',
  tags: ['auth'],
  description:
    "Popup flow: the code alone (redirect_uri 'postmessage'). Redirect flow: also redirect_uri, which must be the site's own /google-verify, and the PKCE code_verifier. The browser checks its OAuth state before calling. " +
    'With two-factor on, the answer has no token but `twoFactorRequired: true` and a `challenge` for POST /api/v1/auth/two-factor.',
  request: {
    query: z.object({
      code: z
        .string({ message: 'Missing authorization code' })
        .min(1, { message: 'Missing authorization code' })
        .max(2048),
      redirect_uri: z.string().max(2048).optional(),
      // RFC 7636: 43 to 128 characters of [A-Za-z0-9-._~].
      code_verifier: z
        .string()
        .regex(/^[\w.~-]{43,128}$/, { message: 'Malformed code_verifier' })
        .optional(),
    }),
  },
  responses: {
    200: ok(signInResponse, 'Signed in with Google, or the second factor is needed'),
    ...errors(400, 401, 409, 429, 503),
  },
});

export function googleRoutes(deps: Deps, outbox: OutboxWorker) {
  const app = router();
  const verifier = deps.config.google && new GoogleVerifier(deps.config.google, deps.now);
  const ownRedirect = new URL('/google-verify', deps.config.siteUrl).href;

  app.openapi(googleSignIn, async (c) => {
    if (!verifier || !deps.config.google) throw new ApiError(503, 'Google sign-in is not configured');
    const { code, redirect_uri: redirectUri, code_verifier: codeVerifier } = c.req.valid('query');
    if (redirectUri !== undefined && redirectUri !== ownRedirect) {
      throw new ApiError(400, 'redirect_uri must be this site’s /google-verify page');
    }
    await deps.limiter.consume([[RULES.googlePerIp, clientKey(c, deps.config.trustProxy)]]);
    const identity = await verifier.identify(code, redirectUri ?? deps.config.google.redirectUri, codeVerifier);
    const userAgent = c.req.header('user-agent');
    const user = await findOrCreateUser(deps, identity, userAgent, toLocale(c.req.header('accept-language')));
    outbox.kick();
    if (await isTwoFactorOn(deps, user.id)) {
      const challenge = await startTwoFactorSignIn(deps, user.id);
      return c.json(
        { success: true as const, message: TWO_FACTOR_REQUIRED, twoFactorRequired: true as const, challenge },
        200,
      );
    }
    const session = await signedIn(deps, user, 'google', userAgent);
    return c.json({ success: true as const, message: `Welcome, ${user.name}!`, ...session }, 200);
  });

  return app;
}

/**
 * The identity is keyed on Google's `sub`. A first sign-in links to the account with the same address
 * (Google has verified it) and mails it a notice; an unverified local account there may have been
 * registered by someone else, so its password and every factor set up on it are dropped when it is linked.
 */
async function findOrCreateUser(
  deps: Deps,
  identity: GoogleIdentity,
  userAgent: string | undefined,
  /**
   * The request's language: a new account's mails are written in it, and an unverified one's that this
   * sign-in proves (a verified account keeps its own).
   */
  locale: Locale,
): Promise<UserRow> {
  const email = normaliseEmail(identity.email);
  return deps.db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ user: users })
      .from(identities)
      .innerJoin(users, eq(users.id, identities.userId))
      .where(and(eq(identities.provider, PROVIDER), eq(identities.subject, identity.sub)));
    if (linked) return linked.user;

    const now = deps.now();
    let [user] = await tx.select().from(users).where(eq(users.email, email));
    if (user) {
      if (!user.isAccountVerified) {
        user = await clearUnprovedFactors(tx, user, now, { name: identity.name || ownerName(email), locale });
      }
      const from = { userAgent: userAgent ?? null };
      await queueNotice(tx, now, user!, googleLinkedMail(noticeContext(deps, user!, from, now)));
    } else {
      // A deleted account keeps its address while it can be restored.
      if (await isAddressInTrash(tx, email, now)) throw new ApiError(409, 'An account with this email already exists');
      [user] = await tx
        .insert(users)
        .values({ id: randomUUID(), name: identity.name, email, isAccountVerified: true, locale, createdAt: now })
        .returning();
    }
    await tx
      .insert(identities)
      .values({ provider: PROVIDER, subject: identity.sub, userId: user!.id, email, createdAt: now });
    // Google has proved the address: a listed one makes the account an admin now.
    const promoted = await promoteListedAdmins(tx, deps.config.adminEmails, now, user!.id);
    return promoted.length > 0 ? { ...user!, isAdmin: true } : user!;
  });
}
