// Enquiries as admins see them: the spec's fields, the workflow (status, note) and the reply thread.
import { and, asc, count, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { EnquiryStatus } from '../../lib/constants.ts';
import type { AdminEnquiry, EnquiryReply } from '../../lib/schemas/admin.ts';
import type { Db, Tx } from '../db/client.ts';
import { enquiries, enquiryReplies, outbox, type EnquiryRow } from '../db/schema.ts';
import { toEnquiry } from './enquiry-json.ts';
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

export async function listEnquiries(db: Db, filter: EnquiryFilter, page: number, pageSize: number) {
  const where = filterWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(enquiries)
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(enquiries).where(where),
  ]);
  const replies = await threads(
    db,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => toAdminEnquiry(r, replies.get(r.id) ?? [])), total: total?.n ?? 0 };
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
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(enquiries)
      .where(
        and(
          filterWhere(filter),
          after
            ? or(
                lt(enquiries.createdAt, after.createdAt),
                and(eq(enquiries.createdAt, after.createdAt), lt(enquiries.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(batch);
    if (rows.length === 0) return;
    const replies = await threads(
      db,
      rows.map((r) => r.id),
    );
    yield rows.map((r) => toAdminEnquiry(r, replies.get(r.id) ?? []));
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
    if (rows.length < batch) return;
  }
}
