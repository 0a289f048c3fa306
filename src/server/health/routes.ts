// GET /api/health: 200 when the database answers, 503 when it does not.
import { z } from '@hono/zod-openapi';
import type { Database } from '../db/client.ts';
import { ok, publicRoute, router } from '../auth/route-factories.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), db: z.enum(['up', 'down']) });

const health = publicRoute({
  assurance: 'none',
  method: 'get',
  path: '/',
  tags: ['health'],
  responses: { 200: ok(healthSchema, 'All up'), 503: ok(healthSchema, 'Database down') },
});

export function healthRoutes(database: Pick<Database, 'ping'>) {
  const app = router();
  app.openapi(health, async (c) =>
    (await database.ping())
      ? c.json({ status: 'ok' as const, db: 'up' as const }, 200)
      : c.json({ status: 'degraded' as const, db: 'down' as const }, 503),
  );
  return app;
}
