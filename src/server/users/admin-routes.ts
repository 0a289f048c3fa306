// /api/v1/admin/user: list, edit (name, admin role, verified), delete to the trash, resend the
// verification code, end the user's sessions.
import { z } from '@hono/zod-openapi';
import { and, desc, eq } from 'drizzle-orm';
import { pageOf, userListQuery, userPatchBody } from '../../lib/schemas/admin.ts';
import { userSchema } from '../../lib/schemas/auth.ts';
import { idParam } from '../../lib/schemas/ids.ts';
import type { Deps } from '../core/context.ts';
import { users, type UserRow } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { limitCodeMail } from '../auth/code-mail.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import type { OutboxWorker } from '../mail/outbox.ts';
import { messageSchema } from '../../lib/schemas/api.ts';
import { adminRoute, errors, jsonBody, ok, router } from '../auth/route-factories.ts';
import { toUser } from './user-json.ts';
import type { Db } from '../db/client.ts';
import { afterCursor, type Cursor, pageAndCursor, parseCursor, totalOf } from '../db/paging.ts';
import { searchWhere } from '../db/search.ts';
import { toLocale } from '../../i18n/locales.ts';
import { endUserSessions, resendVerificationCode, trashUser, updateUser } from './user-changes.ts';

const tags = ['admin'];

const list = adminRoute({
  assurance: 'admin',
  method: 'get',
  path: '/',
  tags,
  request: { query: userListQuery },
  responses: { 200: ok(pageOf(userSchema), 'A page of users, newest first'), ...errors(400, 503) },
});

const patch = adminRoute({
  assurance: 'admin',
  method: 'patch',
  path: '/{id}',
  tags,
  description:
    'Edits the name, grants or revokes the admin role, marks verified. The last admin cannot lose the role (409); ' +
    'an admin removing their own role must send confirmSelfDemotion: true (else 409).',
  request: { params: idParam, body: jsonBody(userPatchBody) },
  responses: {
    200: ok(z.object({ success: z.literal(true), message: z.string(), data: userSchema }), 'The user as changed'),
    ...errors(400, 404, 409, 503),
  },
});

const remove = adminRoute({
  assurance: 'admin',
  method: 'delete',
  path: '/delete/{id}',
  tags,
  description:
    'Moves the user to the trash (restorable for 30 days); their sessions end. Not your own account (409), nor the last admin.',
  request: { params: idParam },
  responses: { 200: ok(messageSchema, "Moved to the trash: 'deleted successfully'"), ...errors(400, 404, 409, 503) },
});

const resendCode = adminRoute({
  assurance: 'admin',
  method: 'post',
  path: '/{id}/verification-code',
  tags,
  description: 'Mails the user a new e-mail verification code (through the outbox). 400 when already verified.',
  request: { params: idParam },
  responses: { 200: ok(messageSchema, 'Code queued for mailing'), ...errors(400, 404, 429, 503) },
});

const endSessions = adminRoute({
  assurance: 'admin',
  method: 'delete',
  path: '/{id}/sessions',
  tags,
  description: 'Ends every session of the user: each of their tokens answers 401 from then on.',
  request: { params: idParam },
  responses: {
    200: ok(z.object({ success: z.literal(true), message: z.string(), ended: z.number() }), 'Sessions ended'),
    ...errors(400, 404, 503),
  },
});

/** The rows of a page and one more (is there a next page?), newest first: after `cursor`, else at `page`. */
export function userPageQuery(db: Db, q: string | undefined, page: number, pageSize: number, cursor?: Cursor) {
  return db
    .select()
    .from(users)
    .where(and(searchWhere(q, users.name, users.email), afterCursor(users.createdAt, users.id, cursor)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(pageSize + 1)
    .offset(cursor ? 0 : (page - 1) * pageSize);
}

export function userAdminRoutes(deps: Deps, outbox: OutboxWorker) {
  const app = router();

  const findUser = async (id: string): Promise<UserRow> => {
    const [user] = await deps.db.select().from(users).where(eq(users.id, id));
    if (!user) throw new ApiError(404, 'User not found');
    return user;
  };

  app.openapi(list, async (c) => {
    const { page, pageSize, q, after } = c.req.valid('query');
    const [rows, total] = await Promise.all([
      userPageQuery(deps.db, q, page, pageSize, parseCursor(after)),
      totalOf(deps.db, users, searchWhere(q, users.name, users.email)),
    ]);
    const { page: shown, nextCursor } = pageAndCursor(rows, pageSize);
    return c.json({ success: true as const, data: shown.map(toUser), ...total, page, pageSize, nextCursor }, 200);
  });

  app.openapi(patch, async (c) => {
    const locale = toLocale(c.req.header('accept-language'));
    const user = await updateUser(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json'), locale);
    return c.json({ success: true as const, message: 'User updated', data: toUser(user) }, 200);
  });

  app.openapi(remove, async (c) => {
    await trashUser(deps, c.get('user'), c.req.valid('param').id);
    return c.json({ success: true as const, message: 'deleted successfully' }, 200);
  });

  app.openapi(resendCode, async (c) => {
    const admin = c.get('user');
    const user = await findUser(c.req.valid('param').id);
    // Checked before the limits, so that a pointless request does not use up the address's allowance.
    if (user.isAccountVerified) throw new ApiError(400, 'This account is already verified');
    // The limits every code mail obeys, so that an admin cannot flood an inbox either.
    await limitCodeMail(deps, [RULES.adminMailPerActor, admin.id], user.email, 'verify-email');
    await resendVerificationCode(deps, admin, user);
    outbox.kick();
    return c.json({ success: true as const, message: 'Verification code sent' }, 200);
  });

  app.openapi(endSessions, async (c) => {
    const user = await findUser(c.req.valid('param').id);
    const ended = await endUserSessions(deps, c.get('user'), user);
    return c.json({ success: true as const, message: `Ended ${ended} session${ended === 1 ? '' : 's'}`, ended }, 200);
  });

  return app;
}
