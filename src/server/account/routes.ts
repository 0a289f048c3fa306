// /api/v1/account: the signed-in user's own account (profile, password, codes, export, enquiries,
// deletion). Its devices are in session-routes.ts; the work behind the heavier calls sits beside this.
import { eq } from 'drizzle-orm';
import {
  accountCodeBody,
  accountExportSchema,
  accountResponse,
  deleteBody,
  ownEnquiriesResponse,
  passwordBody,
  profileBody,
  profileResponse,
} from '../../lib/schemas/account.ts';
import { messageSchema } from '../../lib/schemas/api.ts';
import type { Deps } from '../core/context.ts';
import { users } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { limitCodeMail, sendCodeMail } from '../auth/code-mail.ts';
import { requireProvedAddress } from '../auth/factors.ts';
import { clientKey } from '../limits/client-ip.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import type { OutboxWorker } from '../mail/outbox.ts';
import { errors, jsonBody, ok, router, userRoute } from '../auth/route-factories.ts';
import { toAccountUser, toOwnEnquiry, toProfileUser } from './account-json.ts';
import { deleteAccount } from './deletion.ts';
import { buildExport, exportFileName } from './export.ts';
import { changePassword } from './password.ts';
import { ownEnquiries } from './records.ts';

const tags = ['account'];

const getAccount = userRoute({
  assurance: 'session',
  method: 'get',
  path: '/',
  tags,
  responses: {
    200: ok(accountResponse, 'The account, with whether it has a password'),
    ...errors(503),
  },
});

const updateProfile = userRoute({
  assurance: 'session',
  method: 'patch',
  path: '/',
  tags,
  description: "Changes the name, the account's language (`locale`: the language its mails are written in), or both.",
  request: { body: jsonBody(profileBody) },
  responses: {
    200: ok(profileResponse, 'Profile saved'),
    ...errors(400, 429, 503),
  },
});

const password = userRoute({
  assurance: 'owner',
  method: 'post',
  path: '/password',
  tags,
  description:
    'With a password: {currentPassword, newPassword}. An account made through Google without one sets its first password with {otp, newPassword}, the code from POST /api/v1/account/code (purpose set-password). Every other session ends; a notice is mailed.',
  request: { body: jsonBody(passwordBody) },
  responses: { 200: ok(messageSchema, 'Password changed'), ...errors(400, 429, 503) },
});

const code = userRoute({
  assurance: 'session',
  method: 'post',
  path: '/code',
  tags,
  description:
    "Mails a code to the account's own address: for an account without a password, to set one (set-password) or to delete the account (delete-account); for any account with a verified address, the step-up before adding a passkey or an authenticator app (add-factor; 403 'Verify your e-mail address first' when unverified).",
  request: { body: jsonBody(accountCodeBody) },
  responses: { 200: ok(messageSchema, 'Code sent'), ...errors(400, 403, 429, 503) },
});

const exportData = userRoute({
  assurance: 'session',
  method: 'get',
  path: '/export',
  tags,
  responses: {
    200: {
      description: 'Everything held about the account, as a JSON download (Content-Disposition: attachment)',
      headers: { 'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="…"' } },
      content: { 'application/json': { schema: accountExportSchema } },
    },
    ...errors(429, 503),
  },
});

const enquiryList = userRoute({
  assurance: 'session',
  method: 'get',
  path: '/enquiries',
  tags,
  responses: {
    200: ok(ownEnquiriesResponse, 'Enquiries sent while signed in, newest first'),
    ...errors(503),
  },
});

const remove = userRoute({
  assurance: 'owner',
  method: 'post',
  path: '/delete',
  tags,
  description:
    'With a password: {password}. An account without one: {otp}, the code from POST /api/v1/account/code (purpose delete-account). The account, its sessions, codes and sign-in links are deleted; its enquiries stay, unlinked; a confirmation is mailed.',
  request: { body: jsonBody(deleteBody) },
  responses: { 200: ok(messageSchema, 'Account deleted'), ...errors(400, 429, 503) },
});

export function accountRoutes(deps: Deps, outbox: OutboxWorker) {
  const app = router();
  const ipOf = (c: Parameters<typeof clientKey>[0]) => clientKey(c, deps.config.trustProxy);

  app.openapi(getAccount, (c) => c.json({ success: true as const, user: toAccountUser(c.get('user')) }, 200));

  app.openapi(updateProfile, async (c) => {
    const user = c.get('user');
    await deps.limiter.consume([[RULES.accountUpdatePerUser, user.id]]);
    const { name, locale } = c.req.valid('json');
    const [row] = await deps.db
      .update(users)
      .set({ ...(name !== undefined ? { name } : {}), ...(locale !== undefined ? { locale } : {}) })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw new ApiError(401, 'Your session has ended. Please sign in again.');
    return c.json({ success: true as const, message: 'Profile updated', user: toProfileUser(row) }, 200);
  });

  app.openapi(password, async (c) => {
    const message = await changePassword(
      deps,
      { user: c.get('user'), session: c.get('session'), ip: ipOf(c) },
      c.req.valid('json'),
    );
    outbox.kick();
    return c.json({ success: true as const, message }, 200);
  });

  app.openapi(code, async (c) => {
    const user = c.get('user');
    const { purpose } = c.req.valid('json');
    if (purpose === 'add-factor') requireProvedAddress(user);
    else if (user.passwordHash) throw new ApiError(400, 'Your account has a password: confirm with it instead');
    await limitCodeMail(deps, [RULES.codeRequestPerIp, ipOf(c)], user.email, purpose);
    await sendCodeMail(deps, user, purpose);
    return c.json({ success: true as const, message: 'We sent a 6-digit code to your e-mail' }, 200);
  });

  app.openapi(exportData, async (c) => {
    const user = c.get('user');
    await deps.limiter.consume(
      [[RULES.accountExportPerUser, user.id]],
      'You can download your data 5 times an hour. Please try again later.',
    );
    const data = await buildExport(deps, user, c.get('session'));
    c.header('Content-Disposition', `attachment; filename="${exportFileName(deps.mail.company, deps.now())}"`);
    return c.json(data, 200);
  });

  app.openapi(enquiryList, async (c) => {
    const rows = await ownEnquiries(deps, c.get('user').id);
    return c.json({ success: true as const, data: rows.map(toOwnEnquiry) }, 200);
  });

  app.openapi(remove, async (c) => {
    await deps.limiter.consume([[RULES.accountDeletePerIp, ipOf(c)]]);
    await deleteAccount(deps, { user: c.get('user'), session: c.get('session'), ip: ipOf(c) }, c.req.valid('json'));
    outbox.kick();
    return c.json({ success: true as const, message: 'Your account has been deleted' }, 200);
  });

  return app;
}
