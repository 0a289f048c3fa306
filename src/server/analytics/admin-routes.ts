// GET /api/v1/admin/analytics?days=30|90: the admin view's figures (report.ts).
import { reportQuery, reportSchema } from '../../lib/schemas/analytics.ts';
import type { Deps } from '../core/context.ts';
import { adminRoute, errors, ok, router } from '../auth/route-factories.ts';
import { buildReport } from './report.ts';

const report = adminRoute({
  assurance: 'admin',
  method: 'get',
  path: '/',
  tags: ['admin'],
  request: { query: reportQuery },
  responses: {
    200: ok(reportSchema, 'Visits, visitors, top lists and the contact conversion rate'),
    ...errors(400, 503),
  },
});

export function analyticsAdminRoutes(deps: Deps) {
  const app = router();
  app.openapi(report, async (c) => c.json(await buildReport(deps.db, deps.now(), c.req.valid('query').days), 200));
  return app;
}
