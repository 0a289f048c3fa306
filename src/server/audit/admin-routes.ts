// /api/v1/admin/audit: the Activity view's data, newest first, paged.
import { auditEntrySchema, auditQuery, pageOf } from '../../lib/schemas/admin.ts';
import type { Deps } from '../core/context.ts';
import { adminRoute, errors, ok, router } from '../auth/route-factories.ts';
import { listAudit } from './audit.ts';

const list = adminRoute({
  assurance: 'admin',
  method: 'get',
  path: '/',
  tags: ['admin'],
  description: 'Every admin action (and the scheduled trash purge) with actor, action, target and time.',
  request: { query: auditQuery },
  responses: { 200: ok(pageOf(auditEntrySchema), 'A page of the audit log'), ...errors(400, 503) },
});

export function auditRoutes(deps: Deps) {
  const app = router();
  app.openapi(list, async (c) => {
    const { page, pageSize } = c.req.valid('query');
    const { data, total } = await listAudit(deps.db, page, pageSize);
    return c.json({ success: true as const, data, total, page, pageSize }, 200);
  });
  return app;
}
