// /api/v1/account/passkeys: the signed-in user's passkeys: list, add (options, then the browser's
// answer), rename, remove. An account made through Google can add them too. Adding one needs a proved
// address and a step-up at the options call, removing one two factors (their lines of auth/assurance.ts,
// which the guard enforces); adding one ends the account's other sessions and mails a notice.
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { LIMITS } from '../../lib/constants.ts';
import { messageSchema } from '../../lib/schemas/api.ts';
import { idParam } from '../../lib/schemas/ids.ts';
import {
  addPasskeyBody,
  passkeyResponse,
  passkeysResponse,
  renamePasskeyBody,
  webauthnOptions,
} from '../../lib/schemas/passkeys.ts';
import { stepUpBody } from '../../lib/schemas/account.ts';
import { withCodeBody } from '../../lib/schemas/two-factor.ts';
import { noticeContext, queueNotice } from '../account/caller.ts';
import { endOtherSessions } from '../auth/sessions.ts';
import { deviceName, UNKNOWN_DEVICE } from '../account/device.ts';
import type { Deps } from '../core/context.ts';
import { passkeys } from '../db/schema.ts';
import { ApiError, sqlState } from '../core/errors.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import { passkeyAddedMail } from '../mail/account-templates.ts';
import type { OutboxWorker } from '../mail/outbox.ts';
import { errors, jsonBody, ok, router, userRoute } from '../auth/route-factories.ts';
import { registrationOptions, verifyRegistration } from './ceremonies.ts';
import { toPasskey } from './passkey-json.ts';

const tags = ['passkeys'];
const NOT_FOUND = 'Passkey not found';

const list = userRoute({
  assurance: 'session',
  method: 'get',
  path: '/',
  tags,
  responses: { 200: ok(passkeysResponse, 'The passkeys, oldest first'), ...errors(503) },
});

const options = userRoute({
  assurance: 'add-factor',
  method: 'post',
  path: '/options',
  tags,
  description:
    'Registration options for navigator.credentials.create (as @simplewebauthn/browser takes them): a discoverable credential, user verification preferred, a challenge valid once for 5 minutes. ' +
    "Only for a verified address (else 403 'Verify your e-mail address first'), and after a step-up: `{otp}`, the code of POST /api/v1/account/code {purpose: 'add-factor'}, used up here, unless the session proved two factors within 10 minutes; else 403 with `stepUp: true`. An account with an authenticator app sends `{code}` (of the app, or a recovery code) instead of `{otp}`; else 403 with `twoFactorRequired: true`.",
  request: { body: jsonBody(stepUpBody, false) },
  responses: { 200: ok(webauthnOptions, 'PublicKeyCredentialCreationOptionsJSON'), ...errors(400, 403, 429, 503) },
});

const add = userRoute({
  assurance: 'finish-factor',
  method: 'post',
  path: '/',
  tags,
  maxBodyBytes: LIMITS.passkeyBodyBytes,
  request: { body: jsonBody(addPasskeyBody) },
  description:
    "The browser's answer to the options; only for a verified address (else 403). The account's other sessions end; a notice is mailed.",
  responses: {
    201: ok(passkeyResponse, 'Passkey added'),
    ...errors(400, 403, 409, 429, 503),
  },
});

const rename = userRoute({
  assurance: 'session',
  method: 'patch',
  path: '/{id}',
  tags,
  request: { params: idParam, body: jsonBody(renamePasskeyBody) },
  responses: { 200: ok(passkeyResponse, 'Passkey renamed'), ...errors(400, 404, 429, 503) },
});

const remove = userRoute({
  assurance: 'change-factor',
  method: 'delete',
  path: '/{id}',
  tags,
  description:
    'From a session that proved two factors within 10 minutes, or with `{code}` (of the authenticator app, or a recovery code); never with the password alone.',
  request: { params: idParam, body: jsonBody(withCodeBody, false) },
  responses: { 200: ok(messageSchema, 'Passkey removed; it no longer signs in'), ...errors(400, 404, 429, 503) },
});

export function passkeyRoutes(deps: Deps, outbox: OutboxWorker) {
  const app = router();
  const perUser = (userId: string) => deps.limiter.consume([[RULES.accountUpdatePerUser, userId]]);
  const own = (id: string, userId: string) => and(eq(passkeys.id, id), eq(passkeys.userId, userId));

  app.openapi(list, async (c) => {
    const rows = await deps.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, c.get('user').id))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    return c.json({ success: true as const, data: rows.map(toPasskey) }, 200);
  });

  app.openapi(options, async (c) => {
    const user = c.get('user');
    await perUser(user.id);
    return c.json(await registrationOptions(deps, user, deps.mail.company), 200);
  });

  app.openapi(add, async (c) => {
    const user = c.get('user');
    await perUser(user.id);
    const body = c.req.valid('json');
    const checked = await verifyRegistration(deps, user, body.response);
    const device = deviceName(c.req.header('user-agent'));
    const name = body.name ?? (device === UNKNOWN_DEVICE ? 'Passkey' : device);
    const now = deps.now();
    const row = await deps.db
      .transaction(async (tx) => {
        const [inserted] = await tx
          .insert(passkeys)
          .values({ id: randomUUID(), userId: user.id, ...checked, name, createdAt: now, lastUsedAt: null })
          .returning();
        await endOtherSessions(tx, c.get('session'));
        await queueNotice(tx, now, user, passkeyAddedMail(noticeContext(deps, user, c.get('session'), now), name));
        return inserted!;
      })
      .catch((err: unknown) => {
        if (sqlState(err) === '23505') throw new ApiError(409, 'This passkey is already added to an account');
        throw err;
      });
    outbox.kick();
    return c.json({ success: true as const, message: 'Passkey added', data: toPasskey(row) }, 201);
  });

  app.openapi(rename, async (c) => {
    const user = c.get('user');
    await perUser(user.id);
    const { id } = c.req.valid('param');
    const [row] = await deps.db
      .update(passkeys)
      .set({ name: c.req.valid('json').name })
      .where(own(id, user.id))
      .returning();
    // Another user's passkey is answered like an unknown one.
    if (!row) throw new ApiError(404, NOT_FOUND);
    return c.json({ success: true as const, message: 'Passkey renamed', data: toPasskey(row) }, 200);
  });

  app.openapi(remove, async (c) => {
    const user = c.get('user');
    await perUser(user.id);
    const gone = await deps.db
      .delete(passkeys)
      .where(own(c.req.valid('param').id, user.id))
      .returning({ id: passkeys.id });
    if (gone.length === 0) throw new ApiError(404, NOT_FOUND);
    return c.json({ success: true as const, message: 'Passkey removed' }, 200);
  });

  return app;
}
