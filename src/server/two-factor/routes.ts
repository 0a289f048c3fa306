// /api/v1/account/two-factor: an authenticator app as the second factor of the signed-in user's
// password sign-ins. Set up (a new secret, shown once), enabled by a first code (which also answers the
// ten recovery codes and ends the account's other sessions), turned off or given new recovery codes.
// What each call needs the session to have proved is its line of auth/assurance.ts, enforced by the guard.
import { eq, isNull } from 'drizzle-orm';
import { messageSchema } from '../../lib/schemas/api.ts';
import {
  enableTwoFactorBody,
  recoveryCodesResponse,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
  withCodeBody,
} from '../../lib/schemas/two-factor.ts';
import { stepUpBody } from '../../lib/schemas/account.ts';
import { noticeContext, queueNotice } from '../account/caller.ts';
import { endOtherSessions, stepUpSession } from '../auth/sessions.ts';
import type { Deps } from '../core/context.ts';
import { recoveryCodes, twoFactor, type UserRow } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import { twoFactorOffMail, twoFactorOnMail } from '../mail/account-templates.ts';
import type { OutboxWorker } from '../mail/outbox.ts';
import { errors, jsonBody, ok, router, userRoute } from '../auth/route-factories.ts';
import { replaceRecoveryCodes } from './recovery-codes.ts';
import { acceptTotp, twoFactorRow } from './second-factor.ts';
import { seal } from './secret-box.ts';
import { newTotpSecret, otpauthUrl } from './totp.ts';

const tags = ['two-factor'];
const ALREADY_ON = 'Two-factor authentication is already on';
const OFF = 'Two-factor authentication is off';

const status = userRoute({
  assurance: 'session',
  method: 'get',
  path: '/',
  tags,
  responses: { 200: ok(twoFactorStatusResponse, 'Whether two-factor is on'), ...errors(503) },
});

const setup = userRoute({
  assurance: 'add-factor',
  method: 'post',
  path: '/setup',
  tags,
  description:
    'A new secret for the authenticator app (replacing a set-up not yet confirmed); the page draws otpauthUrl as a QR code. Two-factor is on only after POST /enable. ' +
    "Only for a verified address (else 403 'Verify your e-mail address first'), and after a step-up: `{otp}`, the code of POST /api/v1/account/code {purpose: 'add-factor'}, used up here, unless the session proved two factors within 10 minutes; else 403 with `stepUp: true`.",
  request: { body: jsonBody(stepUpBody, false) },
  responses: { 200: ok(twoFactorSetupResponse, 'The secret'), ...errors(400, 403, 409, 429, 503) },
});

const enable = userRoute({
  assurance: 'finish-factor',
  method: 'post',
  path: '/enable',
  tags,
  description:
    "Turns on the set-up with a first code of the app; only for a verified address (else 403). This session has then proved two factors; the account's other sessions end. A notice is mailed.",
  request: { body: jsonBody(enableTwoFactorBody) },
  responses: {
    200: ok(recoveryCodesResponse, 'Two-factor is on; the recovery codes are shown this once'),
    ...errors(400, 403, 409, 429, 503),
  },
});

const disable = userRoute({
  assurance: 'change-factor',
  method: 'post',
  path: '/disable',
  tags,
  description:
    'From a session that proved two factors within 10 minutes, or with `{code}` (of the app, or a recovery code); never with the password alone. A notice is mailed.',
  request: { body: jsonBody(withCodeBody, false) },
  responses: { 200: ok(messageSchema, 'Two-factor is off'), ...errors(400, 409, 429, 503) },
});

const regenerate = userRoute({
  assurance: 'change-factor',
  method: 'post',
  path: '/recovery-codes',
  tags,
  description:
    'New recovery codes, from a session that proved two factors within 10 minutes, or with `{code}`; never with the password alone. The old ones stop working.',
  request: { body: jsonBody(withCodeBody, false) },
  responses: {
    200: ok(recoveryCodesResponse, 'The new recovery codes, shown this once'),
    ...errors(400, 409, 429, 503),
  },
});

export function twoFactorRoutes(deps: Deps, outbox: OutboxWorker) {
  const app = router();
  const perUser = (userId: string) => deps.limiter.consume([[RULES.accountUpdatePerUser, userId]]);

  /** Turning two-factor off and new recovery codes: 409 when it is off. */
  async function requireTwoFactorOn(user: UserRow) {
    if (!(await twoFactorRow(deps, user.id))?.enabledAt) throw new ApiError(409, OFF);
  }

  app.openapi(status, async (c) => {
    const userId = c.get('user').id;
    const row = await twoFactorRow(deps, userId);
    const left = row?.enabledAt ? await deps.db.$count(recoveryCodes, eq(recoveryCodes.userId, userId)) : 0;
    return c.json({ success: true as const, enabled: !!row?.enabledAt, recoveryCodesLeft: left }, 200);
  });

  app.openapi(setup, async (c) => {
    const user = c.get('user');
    await perUser(user.id);
    if ((await twoFactorRow(deps, user.id))?.enabledAt) throw new ApiError(409, ALREADY_ON);
    const secret = newTotpSecret();
    const row = {
      secret: seal(deps.twoFactorKey, secret, user.id),
      enabledAt: null,
      lastStep: null,
      createdAt: deps.now(),
    };
    await deps.db
      .insert(twoFactor)
      .values({ userId: user.id, ...row })
      .onConflictDoUpdate({ target: twoFactor.userId, set: row, setWhere: isNull(twoFactor.enabledAt) });
    return c.json(
      { success: true as const, secret, otpauthUrl: otpauthUrl(secret, deps.mail.company, user.email) },
      200,
    );
  });

  app.openapi(enable, async (c) => {
    const user = c.get('user');
    await perUser(user.id);
    const row = await twoFactorRow(deps, user.id);
    if (row?.enabledAt) throw new ApiError(409, ALREADY_ON);
    if (!row) throw new ApiError(409, 'Set up two-factor authentication first');
    if (!(await acceptTotp(deps, user.id, c.req.valid('json').code, true))) {
      const message = 'Invalid code';
      throw new ApiError(400, message, {}, [{ path: 'code', message }]);
    }
    const now = deps.now();
    const session = c.get('session');
    const codes = await deps.db.transaction(async (tx) => {
      await tx.update(twoFactor).set({ enabledAt: now }).where(eq(twoFactor.userId, user.id));
      await endOtherSessions(tx, session);
      await queueNotice(tx, now, user, twoFactorOnMail(noticeContext(deps, user, session, now)));
      return replaceRecoveryCodes(deps, tx, user.id);
    });
    // The password (or Google) and now a code of the app: this session has proved two factors.
    await stepUpSession(deps, session);
    outbox.kick();
    return c.json({ success: true as const, message: 'Two-factor authentication is on', recoveryCodes: codes }, 200);
  });

  app.openapi(disable, async (c) => {
    const user = c.get('user');
    await requireTwoFactorOn(user);
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      await tx.delete(twoFactor).where(eq(twoFactor.userId, user.id));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      await queueNotice(tx, now, user, twoFactorOffMail(noticeContext(deps, user, c.get('session'), now)));
    });
    outbox.kick();
    return c.json({ success: true as const, message: OFF }, 200);
  });

  app.openapi(regenerate, async (c) => {
    const user = c.get('user');
    await requireTwoFactorOn(user);
    const codes = await deps.db.transaction((tx) => replaceRecoveryCodes(deps, tx, user.id));
    return c.json(
      { success: true as const, message: 'New recovery codes made; the old ones no longer work', recoveryCodes: codes },
      200,
    );
  });

  return app;
}
