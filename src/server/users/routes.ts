// GET /api/v1/users/user: the signed-in user's own record.
import { createRoute, z } from '@hono/zod-openapi';
import { userSchema } from '../../lib/schemas/auth.ts';
import type { Deps } from '../context.ts';
import { requireUser } from '../middleware/auth.ts';
import { bearer, errors, ok, router } from '../openapi.ts';
import { toUser } from './user-json.ts';

const me = createRoute({
  method: 'get',
  path: '/v1/users/user',
  tags: ['users'],
  security: bearer,
  responses: {
    200: ok(z.object({ success: z.literal(true), user: userSchema }), 'The signed-in user'),
    ...errors(401, 503),
  },
});

export function userRoutes(deps: Deps) {
  const app = router();
  app.use('/v1/users/*', requireUser(deps));
  app.openapi(me, (c) => c.json({ success: true as const, user: toUser(c.get('user')) }, 200));
  return app;
}
