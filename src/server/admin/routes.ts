// Admin: list users and enquiries (paged, searchable by name or e-mail) and delete them.
import { z } from '@hono/zod-openapi';
import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../lib/constants.ts';
import { userSchema } from '../../lib/schemas/auth.ts';
import { enquirySchema } from '../../lib/schemas/contact.ts';
import type { Deps } from '../context.ts';
import { enquiries, users, type EnquiryRow } from '../db/schema.ts';
import { ApiError } from '../errors.ts';
import { adminRoute, errors, messageSchema, ok, router } from '../openapi.ts';
import { toUser } from '../users/user-json.ts';

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.adminPageSizeMax).default(20),
  q: z.string().trim().max(LIMITS.emailMax).optional(),
});

const idParam = z.object({ id: z.uuid({ message: 'Malformed id' }) });

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(item),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  });

const listRoute = <T extends z.ZodType>(path: string, item: T, what: string) =>
  adminRoute({
    method: 'get',
    path,
    tags: ['admin'],
    request: { query: listQuery },
    responses: { 200: ok(page(item), what), ...errors(400, 503) },
  });

const deleteRoute = (path: string) =>
  adminRoute({
    method: 'delete',
    path,
    tags: ['admin'],
    request: { params: idParam },
    responses: { 200: ok(messageSchema, 'Deleted'), ...errors(400, 404, 409, 503) },
  });

function toEnquiry(row: EnquiryRow): z.infer<typeof enquirySchema> {
  return {
    _id: row.id,
    username: row.name,
    email: row.email,
    message: row.message,
    phoneNumber: row.phoneNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Case-insensitive substring match; % and _ typed by the admin are literal. */
function search(q: string | undefined, ...columns: PgColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return or(...columns.map((col) => ilike(col, pattern)));
}

async function countRows(deps: Deps, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

export function adminRoutes(deps: Deps) {
  const app = router();

  app.openapi(listRoute('/user', userSchema, 'A page of users'), async (c) => {
    const { page, pageSize, q } = c.req.valid('query');
    const where = search(q, users.name, users.email);
    const [rows, total] = await Promise.all([
      deps.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), users.id)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      countRows(deps, users, where),
    ]);
    return c.json({ success: true as const, data: rows.map(toUser), total, page, pageSize }, 200);
  });

  app.openapi(listRoute('/contact', enquirySchema, 'A page of enquiries'), async (c) => {
    const { page, pageSize, q } = c.req.valid('query');
    const where = search(q, enquiries.name, enquiries.email);
    const [rows, total] = await Promise.all([
      deps.db
        .select()
        .from(enquiries)
        .where(where)
        .orderBy(desc(enquiries.createdAt), enquiries.id)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      countRows(deps, enquiries, where),
    ]);
    return c.json({ success: true as const, data: rows.map(toEnquiry), total, page, pageSize }, 200);
  });

  app.openapi(deleteRoute('/user/delete/{id}'), async (c) => {
    const { id } = c.req.valid('param');
    // An admin removing their own account here would lock the last admin out by accident.
    if (id === c.get('user').id) throw new ApiError(409, 'You cannot delete your own account');
    // Sessions, codes and linked identities go with the user (ON DELETE CASCADE).
    const gone = await deps.db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    if (gone.length === 0) throw new ApiError(404, 'User not found');
    return c.json({ success: true as const, message: 'deleted successfully' }, 200);
  });

  app.openapi(deleteRoute('/contact/delete/{id}'), async (c) => {
    const { id } = c.req.valid('param');
    const gone = await deps.db.delete(enquiries).where(eq(enquiries.id, id)).returning({ id: enquiries.id });
    if (gone.length === 0) throw new ApiError(404, 'Enquiry not found');
    return c.json({ success: true as const, message: 'deleted successfully' }, 200);
  });

  return app;
}
