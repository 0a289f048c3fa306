// /api/v1/admin/stats: the dashboard's cards and per-day charts.
import { statsQuery, statsSchema } from '../../lib/schemas/admin.ts';
import type { Deps } from '../core/context.ts';
import { adminRoute, errors, ok, router } from '../auth/route-factories.ts';
import { dashboardStats } from './stats.ts';

const stats = adminRoute({
  assurance: 'admin',
  method: 'get',
  path: '/',
  tags: ['admin'],
  description:
    'Enquiries, signups and page visits per UTC day over the last `days` days (today included, zeros too), and the totals of the cards.',
  request: { query: statsQuery },
  responses: {
    200: ok(statsSchema, 'The figures'),
    ...errors(400, 503),
  },
});

export function statsRoutes(deps: Deps) {
  const app = router();
  app.openapi(stats, async (c) => {
    const { days } = c.req.valid('query');
    return c.json({ success: true as const, days, ...(await dashboardStats(deps.db, deps.now(), days)) }, 200);
  });
  return app;
}
