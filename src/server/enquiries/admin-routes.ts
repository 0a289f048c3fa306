// /api/v1/admin/contact: the enquiries' list (search, status filter), workflow (status, note), e-mailed
// replies, CSV export and delete to the trash.
import { z } from '@hono/zod-openapi';
import { LIMITS } from '../../lib/constants.ts';
import {
  adminEnquirySchema,
  contactExportQuery,
  contactListQuery,
  contactPatchBody,
  pageOf,
  replyBody,
} from '../../lib/schemas/admin.ts';
import { idParam } from '../../lib/schemas/ids.ts';
import type { Deps } from '../core/context.ts';
import { enquiries } from '../db/schema.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import type { OutboxWorker } from '../mail/outbox.ts';
import { messageSchema } from '../../lib/schemas/api.ts';
import { adminRoute, errors, jsonBody, ok, router } from '../auth/route-factories.ts';
import { audit } from '../audit/audit.ts';
import { CSV_BOM, csvRow } from './csv.ts';
import { enquiriesForExport, filterWhere, listEnquiries } from './enquiries.ts';
import { parseCursor, totalOf } from '../db/paging.ts';
import { replyToEnquiry, trashEnquiry, updateEnquiry } from './enquiry-changes.ts';

const tags = ['admin'];
const withEnquiry = z.object({ success: z.literal(true), message: z.string(), data: adminEnquirySchema });

const list = adminRoute({
  assurance: 'admin',
  method: 'get',
  path: '/',
  tags,
  request: { query: contactListQuery },
  responses: {
    200: ok(pageOf(adminEnquirySchema), 'A page of enquiries, newest first, with their threads'),
    ...errors(400, 503),
  },
});

const exportCsv = adminRoute({
  assurance: 'admin',
  method: 'get',
  path: '/export',
  tags,
  description:
    'Every enquiry matching the filter as a CSV download. Cells a spreadsheet would run as a formula ' +
    '(starting with =, +, -, @, a tab or a carriage return) are prefixed with an apostrophe.',
  request: { query: contactExportQuery },
  responses: {
    200: { description: 'CSV (UTF-8 with a byte order mark)', content: { 'text/csv': { schema: z.string() } } },
    ...errors(400, 429, 503),
  },
});

const patch = adminRoute({
  assurance: 'admin',
  method: 'patch',
  path: '/{id}',
  tags,
  // A note may be as long as an enquiry.
  maxBodyBytes: LIMITS.contactBodyBytes,
  request: { params: idParam, body: jsonBody(contactPatchBody) },
  responses: { 200: ok(withEnquiry, 'The enquiry as changed'), ...errors(400, 404, 503) },
});

const reply = adminRoute({
  assurance: 'admin',
  method: 'post',
  path: '/{id}/reply',
  tags,
  description:
    "Mails the reply to the enquirer through the outbox (with retries), keeps it in the enquiry's thread and sets the status to answered.",
  maxBodyBytes: LIMITS.contactBodyBytes,
  request: { params: idParam, body: jsonBody(replyBody) },
  responses: { 201: ok(withEnquiry, 'Reply stored and queued for mailing'), ...errors(400, 404, 429, 503) },
});

const remove = adminRoute({
  assurance: 'admin',
  method: 'delete',
  path: '/delete/{id}',
  tags,
  description: 'Moves the enquiry (with its thread) to the trash, restorable for 30 days.',
  request: { params: idParam },
  responses: { 200: ok(messageSchema, "Moved to the trash: 'deleted successfully'"), ...errors(400, 404, 503) },
});

const EXPORT_HEADER = [
  'id',
  'received',
  'name',
  'email',
  'phone',
  'status',
  'message',
  'note',
  'replies',
  'last reply',
];

export function contactAdminRoutes(deps: Deps, outbox: OutboxWorker, replyTo: string | undefined) {
  const app = router();

  app.openapi(list, async (c) => {
    const { page, pageSize, q, status, after } = c.req.valid('query');
    const found = await listEnquiries(deps.db, { q, status }, page, pageSize, parseCursor(after));
    return c.json({ success: true as const, ...found, page, pageSize }, 200);
  });

  app.openapi(exportCsv, async (c) => {
    const actor = c.get('user');
    const filter = c.req.valid('query');
    await deps.limiter.consume([[RULES.adminExportPerActor, actor.id]]);
    const matching = await totalOf(deps.db, enquiries, filterWhere(filter));
    await audit(deps.db, deps.now(), {
      actor,
      action: 'contact.export',
      target: { kind: 'contact', id: null, label: 'CSV export' },
      detail: {
        status: filter.status ?? null,
        q: filter.q ?? null,
        rows: matching.total,
        ...(matching.totalEstimated ? { rowsEstimated: true } : {}),
      },
    });
    const batches = enquiriesForExport(deps.db, filter);
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start: (ctl) => ctl.enqueue(encoder.encode(CSV_BOM + csvRow(EXPORT_HEADER))),
      pull: async (ctl) => {
        const next = await batches.next();
        if (next.done) return ctl.close();
        const lines = next.value.map((e) =>
          csvRow([
            e._id,
            e.createdAt,
            e.username,
            e.email,
            e.phoneNumber,
            e.status,
            e.message,
            e.note,
            e.replies.length,
            e.replies.at(-1)?.createdAt,
          ]),
        );
        ctl.enqueue(encoder.encode(lines.join('')));
      },
      cancel: async () => {
        await batches.return(undefined);
      },
    });
    const day = deps.now().toISOString().slice(0, 10);
    const name = `enquiries-${filter.status ?? 'all'}-${day}.csv`;
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
    });
  });

  app.openapi(patch, async (c) => {
    const data = await updateEnquiry(deps, c.get('user'), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ success: true as const, message: 'Enquiry updated', data }, 200);
  });

  app.openapi(reply, async (c) => {
    const actor = c.get('user');
    await deps.limiter.consume([[RULES.adminMailPerActor, actor.id]]);
    const data = await replyToEnquiry(deps, actor, c.req.valid('param').id, c.req.valid('json').message, replyTo);
    outbox.kick();
    return c.json({ success: true as const, message: 'Reply sent', data }, 201);
  });

  app.openapi(remove, async (c) => {
    await trashEnquiry(deps, c.get('user'), c.req.valid('param').id);
    return c.json({ success: true as const, message: 'deleted successfully' }, 200);
  });

  return app;
}
