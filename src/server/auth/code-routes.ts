// Calls built on one-time codes: password reset (reset-otp, reset-password) and e-mail verification
// (verify-otp, verify-account). A reset proves the address by another route than the account's own
// session: on an unverified account it also removes every factor set up before (auth/factors.ts).
import { z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { messageSchema } from '../../lib/schemas/api.ts';
import { resetOtpBody, resetPasswordBody, verifyAccountBody } from '../../lib/schemas/auth.ts';
import type { Deps } from '../core/context.ts';
import { type CodePurpose, sessions, users } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { clientKey } from '../limits/client-ip.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import { errors, jsonBody, ok, publicRoute, router, userRoute } from './route-factories.ts';
import { normaliseEmail } from '../users/email.ts';
import { codeMailFor, limitCodeMail, sendCodeMail } from './code-mail.ts';
import { checkCode, limitCodeCheck, markCodeUsed } from './codes.ts';
import { hashPassword, refuseCommonPassword } from './passwords.ts';
import { promoteListedAdmins } from '../users/admin-emails.ts';
import { noticeContext, queueNotice } from '../account/caller.ts';
import { passwordResetMail } from '../mail/account-templates.ts';
import type { OutboxWorker } from '../mail/outbox.ts';
import { clearUnprovedFactors, ownerName } from './factors.ts';
import { toLocale } from '../../i18n/locales.ts';

export const RESET_OTP_MESSAGE = 'If an account exists for that address, a code has been sent.';
const RESET_CODE_REFUSED = 'Invalid or expired code. Please request a new one.';
const ALREADY_VERIFIED = 'Your account is already verified';

const resetOtp = publicRoute({
  assurance: 'none',
  method: 'post',
  path: '/reset-otp',
  tags: ['auth'],
  request: { body: jsonBody(resetOtpBody) },
  responses: {
    200: ok(messageSchema, 'The same answer whether or not the account exists'),
    ...errors(400, 429, 503),
  },
});

const resetPassword = publicRoute({
  assurance: 'none',
  method: 'post',
  path: '/reset-password',
  tags: ['auth'],
  request: { body: jsonBody(resetPasswordBody) },
  description:
    'Sets the password with the mailed code and ends every session; a notice is mailed. The code proves the address: an unverified account becomes verified, and its passkeys, two-factor secret, recovery codes and known clients (set up before the address was proved) are removed.',
  responses: { 200: ok(messageSchema, 'Password changed; every session ended'), ...errors(400, 429, 503) },
});

const verifyOtp = userRoute({
  assurance: 'session',
  method: 'post',
  path: '/verify-otp',
  tags: ['auth'],
  description: "Mails a code to the signed-in user's own address; any e-mail in the body is ignored.",
  request: { body: jsonBody(z.object({ email: z.string().optional() }), false) },
  responses: { 200: ok(messageSchema, 'Code sent'), ...errors(400, 429, 503) },
});

const verifyAccount = userRoute({
  assurance: 'session',
  method: 'post',
  path: '/verify-account',
  tags: ['auth'],
  request: { body: jsonBody(verifyAccountBody) },
  responses: { 200: ok(messageSchema, 'Account verified'), ...errors(400, 429, 503) },
});

export function codeRoutes(deps: Deps, outbox: OutboxWorker) {
  const app = router();

  const limitMailTo = (ip: string, email: string, purpose: CodePurpose) =>
    limitCodeMail(deps, [RULES.codeRequestPerIp, ip], email, purpose);

  app.openapi(resetOtp, async (c) => {
    const email = normaliseEmail(c.req.valid('json').email);
    // Limits count the address whether or not it has an account, so that the answers stay identical.
    await limitMailTo(clientKey(c, deps.config.trustProxy), email, 'reset-password');
    // Whether the address has an account changes only what happens after the reply (the lookup, the new
    // code, the mail), so a known address answers exactly as fast as an unknown one.
    deps.mail.sendSoon(
      (async () => {
        const [user] = await deps.db.select().from(users).where(eq(users.email, email));
        return user && codeMailFor(deps, user, 'reset-password');
      })(),
    );
    return c.json({ success: true as const, message: RESET_OTP_MESSAGE }, 200);
  });

  app.openapi(resetPassword, async (c) => {
    const body = c.req.valid('json');
    const email = normaliseEmail(body.email);
    await limitCodeCheck(deps, clientKey(c, deps.config.trustProxy), email);
    refuseCommonPassword(body.NewPassword, 'NewPassword');
    const [user] = await deps.db.select().from(users).where(eq(users.email, email));
    // One answer for every failure (unknown address, no code, wrong code, too many tries), so that the
    // call does not tell whether an address has an account or a pending code.
    if (!user) throw new ApiError(400, RESET_CODE_REFUSED);
    const codeId = await checkCode(deps, user.id, 'reset-password', body.otp).catch((err: unknown) => {
      throw err instanceof ApiError && err.status === 400 ? new ApiError(400, RESET_CODE_REFUSED) : err;
    });
    const passwordHash = await hashPassword(body.NewPassword);
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      await markCodeUsed(deps, tx, codeId);
      // The code reached this address, which proves it as well as a verification code would; what was set
      // up on the account before that proof may be a stranger's.
      const owner = { name: ownerName(user.email), locale: toLocale(c.req.header('accept-language')) };
      const proved = user.isAccountVerified ? user : await clearUnprovedFactors(tx, user, now, owner);
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await promoteListedAdmins(tx, deps.config.adminEmails, now, user.id);
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      const from = { userAgent: c.req.header('user-agent') ?? null };
      await queueNotice(tx, now, proved, passwordResetMail(noticeContext(deps, proved, from, now)));
    });
    outbox.kick();
    // The owner has proved the address: failed sign-ins counted against it no longer apply.
    await deps.limiter.clear([[RULES.signInFailuresPerAccount, email]]);
    return c.json({ success: true as const, message: 'Password reset successfully' }, 200);
  });

  app.openapi(verifyOtp, async (c) => {
    const user = c.get('user');
    if (user.isAccountVerified) throw new ApiError(400, ALREADY_VERIFIED);
    await limitMailTo(clientKey(c, deps.config.trustProxy), user.email, 'verify-email');
    await sendCodeMail(deps, user, 'verify-email');
    return c.json({ success: true as const, message: 'Verification code sent to your email' }, 200);
  });

  app.openapi(verifyAccount, async (c) => {
    const user = c.get('user');
    if (user.isAccountVerified) throw new ApiError(400, ALREADY_VERIFIED);
    await limitCodeCheck(deps, clientKey(c, deps.config.trustProxy), user.email);
    const codeId = await checkCode(deps, user.id, 'verify-email', c.req.valid('json').otp);
    await deps.db.transaction(async (tx) => {
      await markCodeUsed(deps, tx, codeId);
      await tx.update(users).set({ isAccountVerified: true }).where(eq(users.id, user.id));
      await promoteListedAdmins(tx, deps.config.adminEmails, deps.now(), user.id);
    });
    return c.json({ success: true as const, message: 'Email verified successfully' }, 200);
  });

  return app;
}
