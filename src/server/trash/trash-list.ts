// The Trash view's list: deleted users and enquiries within the days the trash keeps, newest first.
import { and, count, desc, eq, gt } from 'drizzle-orm';
import { ENQUIRY_STATUSES, type EnquiryStatus } from '../../lib/constants.ts';
import type { TrashItem, TrashKind } from '../../lib/schemas/admin.ts';
import type { Db } from '../db/client.ts';
import { trash, users, type TrashRow } from '../db/schema.ts';
import { KEEP_MS, keptSince } from './trash.ts';

function toItem(row: TrashRow, deletedBy: string | null): TrashItem {
  const r = row.data.row;
  const common = {
    _id: row.id,
    deletedAt: row.deletedAt.toISOString(),
    purgeAt: new Date(row.deletedAt.getTime() + KEEP_MS).toISOString(),
    deletedBy,
  };
  if (row.kind === 'user') {
    return {
      kind: 'user',
      ...common,
      user: {
        _id: row.id,
        name: row.name,
        email: row.email,
        isAccountVerified: r.is_account_verified === true,
        isAdmin: r.is_admin === true,
      },
    };
  }
  return {
    kind: 'contact',
    ...common,
    enquiry: {
      _id: row.id,
      username: row.name,
      email: String(r.email ?? row.email),
      message: String(r.message ?? ''),
      phoneNumber: String(r.phone_number ?? ''),
      createdAt: new Date(String(r.created_at)).toISOString(),
      status: (ENQUIRY_STATUSES as readonly unknown[]).includes(r.status) ? (r.status as EnquiryStatus) : 'new',
    },
  };
}

/** Newest deletions first, within the days the trash keeps. */
export async function listTrash(db: Db, now: Date, opts: { kind?: TrashKind; page: number; pageSize: number }) {
  const where = and(gt(trash.deletedAt, keptSince(now)), opts.kind ? eq(trash.kind, opts.kind) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: trash, deletedBy: users.email })
      .from(trash)
      .leftJoin(users, eq(users.id, trash.deletedBy))
      .where(where)
      .orderBy(desc(trash.deletedAt), trash.id)
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ n: count() }).from(trash).where(where),
  ]);
  return { data: rows.map((r) => toItem(r.entry, r.deletedBy)), total: total?.n ?? 0 };
}
