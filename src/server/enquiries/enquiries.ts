// Enquiries as admins see them: the spec's fields, the workflow (status, note) and the reply thread.
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { EnquiryStatus } from '../../lib/constants.ts';
import type { AdminEnquiry, EnquiryReply } from '../../lib/schemas/admin.ts';
import type { Db, Tx } from '../db/client.ts';
import { enquiries, enquiryReplies, outbox, type EnquiryRow } from '../db/schema.ts';
import { toEnquiry } from './enquiry-json.ts';
import { afterCursor, type Cursor, pageAndCursor, type Total, totalOf } from '../db/paging.ts';
import { searchWhere } from '../db/search.ts';

export interface EnquiryFilter {
  q?: string;
  status?: EnquiryStatus;
}

export function filterWhere(filter: EnquiryFilter): SQL | undefined {
  return and(
    searchWhere(filter.q, enquiries.name, enquiries.email),
    filter.status ? eq(enquiries.status, filter.status) : undefined,
  );
}

function delivery(mail: { sentAt: Date | null; failedAt: Date | null } | null): EnquiryReply['delivery'] {
  // No outbox row: it was delivered and the outbox has since let go of it.
  if (!mail || mail.sentAt) return 'sent';
  return mail.failedAt ? 'failed' : 'queued';
}

/** The threads of these enquiries, oldest reply first. */
async function threads(db: Db | Tx, ids: string[]): Promise<Map<string, EnquiryReply[]>> {
  const byEnquiry = new Map<string, EnquiryReply[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byEnquiry;
  const rows = await db
    .select({ reply: enquiryReplies, sentAt: outbox.sentAt, failedAt: outbox.failedAt, mailId: outbox.id })
    .from(enquiryReplies)
    .leftJoin(outbox, eq(outbox.id, enquiryReplies.outboxId))
    .where(inArray(enquiryReplies.enquiryId, ids))
    .orderBy(asc(enquiryReplies.createdAt), asc(enquiryReplies.id));
  for (const { reply, sentAt, failedAt, mailId } of rows) {
    byEnquiry.get(reply.enquiryId)?.push({
      _id: reply.id,
      message: reply.message,
      createdAt: reply.createdAt.toISOString(),
      author: reply.authorName,
      delivery: delivery(mailId ? { sentAt, failedAt } : null),
    });
  }
  return byEnquiry;
}

function toAdminEnquiry(row: EnquiryRow, replies: EnquiryReply[]): AdminEnquiry {
  return { ...toEnquiry(row), status: row.status, note: row.note, replies };
}

/** The rows of a page and one more (is there a next page?), newest first: after `cursor`, else at `page`. */
export function enquiryPageQuery(db: Db, filter: EnquiryFilter, page: number, pageSize: number, cursor?: Cursor) {
  return db
    .select()
    .from(enquiries)
    .where(and(filterWhere(filter), afterCursor(enquiries.createdAt, enquiries.id, cursor)))
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(pageSize + 1)
    .offset(cursor ? 0 : (page - 1) * pageSize);
}

/** A page of enquiries, newest first, with their threads and the total that match. */
export async function listEnquiries(
  db: Db,
  filter: EnquiryFilter,
  page: number,
  pageSize: number,
  cursor?: Cursor,
): Promise<{ data: AdminEnquiry[]; nextCursor?: string } & Total> {
  const [rows, total] = await Promise.all([
    enquiryPageQuery(db, filter, page, pageSize, cursor),
    totalOf(db, enquiries, filterWhere(filter)),
  ]);
  const { page: shown, nextCursor } = pageAndCursor(rows, pageSize);
  const replies = await threads(
    db,
    shown.map((r) => r.id),
  );
  return { data: shown.map((r) => toAdminEnquiry(r, replies.get(r.id) ?? [])), ...total, nextCursor };
}

export async function loadEnquiry(db: Db | Tx, id: string): Promise<AdminEnquiry | undefined> {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
  if (!row) return undefined;
  return toAdminEnquiry(row, (await threads(db, [id])).get(id) ?? []);
}

/**
 * Every matching enquiry, newest first, in batches (keyset paging on created_at and id, so that rows
 * arriving meanwhile neither repeat nor shift the rest).
 */
export async function* enquiriesForExport(db: Db, filter: EnquiryFilter, batch = 500): AsyncGenerator<AdminEnquiry[]> {
  let after: Cursor | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(enquiries)
      .where(and(filterWhere(filter), afterCursor(enquiries.createdAt, enquiries.id, after)))
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(batch);
    if (rows.length === 0) return;
    const replies = await threads(
      db,
      rows.map((r) => r.id),
    );
    yield rows.map((r) => toAdminEnquiry(r, replies.get(r.id) ?? []));
    after = rows[rows.length - 1]!;
    if (rows.length < batch) return;
  }
}
