// /api/v1/account/sessions: the devices signed in to the account, and ending one of them.
// Ending every other device at once is POST /api/v1/auth/sign-out with scope 'others'.
import { and, eq } from 'drizzle-orm';
import { deviceSessionsResponse } from '../../lib/schemas/account.ts';
import { messageSchema } from '../../lib/schemas/api.ts';
import { idParam } from '../../lib/schemas/ids.ts';
import type { Deps } from '../core/context.ts';
import { sessions } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { errors, ok, router, userRoute } from '../auth/route-factories.ts';
import { toDeviceSession } from './account-json.ts';
import { liveSessions } from './records.ts';

const list = userRoute({
  assurance: 'session',
  method: 'get',
  path: '/',
  tags: ['account'],
  responses: {
    200: ok(deviceSessionsResponse, 'Signed-in devices, most recently used first'),
    ...errors(503),
  },
});

const end = userRoute({
  assurance: 'session',
  method: 'delete',
  path: '/{id}',
  tags: ['account'],
  request: { params: idParam },
  responses: {
    200: ok(messageSchema, 'Signed out of that device; its token answers 401 from now on'),
    ...errors(400, 404, 503),
  },
});

export function accountSessionRoutes(deps: Deps) {
  const app = router();

  app.openapi(list, async (c) => {
    const current = c.get('session');
    const rows = await liveSessions(deps, current.userId);
    return c.json({ success: true as const, data: rows.map((row) => toDeviceSession(row, current.id)) }, 200);
  });

  app.openapi(end, async (c) => {
    const { id } = c.req.valid('param');
    // Another user's session is answered like an unknown one: nothing tells it exists.
    const ended = await deps.db
      .delete(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, c.get('user').id)))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw new ApiError(404, 'Session not found');
    return c.json({ success: true as const, message: 'Signed out of that device' }, 200);
  });

  return app;
}
