// /api/v1/admin/trash: what was deleted in the last 30 days, restored as it was or removed for good.
import { pageOf, trashItemSchema, trashListQuery, trashParams } from '../../lib/schemas/admin.ts';
import type { Deps } from '../core/context.ts';
import { messageSchema } from '../../lib/schemas/api.ts';
import { adminRoute, errors, ok, router } from '../auth/route-factories.ts';
import { changeTrash } from './trash.ts';
import { listTrash } from './trash-list.ts';

const tags = ['admin'];

const list = adminRoute({
  assurance: 'admin',
  method: 'get',
  path: '/',
  tags,
  description: 'Deleted users and enquiries of the last 30 days, newest deletion first.',
  request: { query: trashListQuery },
  responses: { 200: ok(pageOf(trashItemSchema), 'A page of the trash'), ...errors(400, 503) },
});

const restore = adminRoute({
  assurance: 'admin',
  method: 'post',
  path: '/{kind}/{id}/restore',
  tags,
  description:
    "Puts the row back exactly as it was (with a user's Google links, an enquiry's thread); a user's sessions do not come back. " +
    '409 when its e-mail address now belongs to another account.',
  request: { params: trashParams },
  responses: { 200: ok(messageSchema, 'Restored'), ...errors(400, 404, 409, 503) },
});

const purge = adminRoute({
  assurance: 'admin',
  method: 'delete',
  path: '/{kind}/{id}',
  tags,
  description: "Removes the entry for good before the 30 days are over; a deleted user's e-mail address is free again.",
  request: { params: trashParams },
  responses: { 200: ok(messageSchema, 'Deleted for good'), ...errors(400, 404, 503) },
});

export function trashRoutes(deps: Deps) {
  const app = router();

  app.openapi(list, async (c) => {
    const { page, pageSize, kind } = c.req.valid('query');
    const { data, total } = await listTrash(deps.db, deps.now(), { kind, page, pageSize });
    return c.json({ success: true as const, data, total, page, pageSize }, 200);
  });

  app.openapi(restore, async (c) => {
    const { kind, id } = c.req.valid('param');
    await changeTrash(deps, c.get('user'), 'restore', kind, id);
    return c.json({ success: true as const, message: 'restored successfully' }, 200);
  });

  app.openapi(purge, async (c) => {
    const { kind, id } = c.req.valid('param');
    await changeTrash(deps, c.get('user'), 'purge', kind, id);
    return c.json({ success: true as const, message: 'deleted for good' }, 200);
  });

  return app;
}
