// GET /api/v1/users/user: the signed-in user's own record.
import { ownUserResponse } from '../../lib/schemas/auth.ts';
import { errors, ok, router, userRoute } from '../auth/route-factories.ts';
import { toUser } from './user-json.ts';

const me = userRoute({
  assurance: 'session',
  method: 'get',
  path: '/user',
  tags: ['users'],
  responses: {
    200: ok(ownUserResponse, 'The signed-in user'),
    ...errors(503),
  },
});

export function userRoutes() {
  const app = router();
  app.openapi(me, (c) => c.json({ success: true as const, user: toUser(c.get('user')) }, 200));
  return app;
}
