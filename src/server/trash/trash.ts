// The trash: a deleted user or enquiry leaves its table for the `trash` table, as JSON of every column
// (to_jsonb) with the rows that hang on it (a user's Google identities, passkeys and two-factor, an
// enquiry's replies). A restore puts them back with jsonb_populate_record, so every column comes back
// equal, whatever its type, and columns added to the tables later are carried without changes here.
// What is not kept: a user's sessions and one-time codes (a restored user signs in again).
import { and, eq, getTableColumns, getTableName, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../lib/constants.ts';
import type { TrashKind } from '../../lib/schemas/admin.ts';
import type { Deps } from '../core/context.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  enquiries,
  enquiryReplies,
  identities,
  passkeys,
  recoveryCodes,
  trash,
  twoFactor,
  users,
  type TrashData,
  type UserRow,
} from '../db/schema.ts';
import { ApiError, sqlState } from '../core/errors.ts';
import { forgetAccount } from '../account/forget.ts';
import { audit } from '../audit/audit.ts';

const DAY_MS = 86_400_000;
export const KEEP_MS = LIMITS.trashDays * DAY_MS;

interface KindSpec {
  table: PgTable & { id: PgColumn };
  name: PgColumn;
  email: PgColumn;
  /** Tables whose rows belong to this row and go (ON DELETE CASCADE) and come back with it. */
  related: Array<{ table: PgTable; owner: PgColumn }>;
  /**
   * Rows elsewhere that point at this row and stay when it goes (ON DELETE SET NULL): the pointers are
   * set again on a restore (a user's enquiries sent while signed in).
   */
  links: Array<{ table: PgTable & { id: PgColumn }; pointer: PgColumn }>;
  /** Columns of this row that point at a user; cleared on a restore when that user is gone by then. */
  userPointers: string[];
  notFound: string;
}

const KINDS: Record<TrashKind, KindSpec> = {
  user: {
    table: users,
    name: users.name,
    email: users.email,
    related: [
      { table: identities, owner: identities.userId },
      { table: passkeys, owner: passkeys.userId },
      { table: twoFactor, owner: twoFactor.userId },
      { table: recoveryCodes, owner: recoveryCodes.userId },
    ],
    links: [{ table: enquiries, pointer: enquiries.userId }],
    userPointers: [],
    notFound: 'User not found',
  },
  contact: {
    table: enquiries,
    name: enquiries.name,
    email: enquiries.email,
    related: [{ table: enquiryReplies, owner: enquiryReplies.enquiryId }],
    links: [],
    userPointers: [enquiries.userId.name],
    notFound: 'Enquiry not found',
  },
};

/** Entries younger than this are in the trash; older ones count as purged even before the purge runs. */
export const keptSince = (now: Date) => new Date(now.getTime() - KEEP_MS);

export interface Trashed {
  id: string;
  name: string;
  email: string;
}

/** Moves the row (and what belongs to it) into the trash; 404 when there is no such row. */
export async function moveToTrash(
  tx: Tx,
  kind: TrashKind,
  id: string,
  now: Date,
  deletedBy: string | null,
): Promise<Trashed> {
  const spec = KINDS[kind];
  const [found] = await tx
    .select({ row: sql<Record<string, unknown>>`to_jsonb(${spec.table})`, name: spec.name, email: spec.email })
    .from(spec.table)
    .where(eq(spec.table.id, id))
    .for('update');
  if (!found) throw new ApiError(404, spec.notFound);
  const related: TrashData['related'] = {};
  for (const r of spec.related) {
    const rows = await tx
      .select({ row: sql<Record<string, unknown>>`to_jsonb(${r.table})` })
      .from(r.table)
      .where(eq(r.owner, id));
    related[getTableName(r.table)] = rows.map((x) => x.row);
  }
  const links: TrashData['links'] = {};
  for (const l of spec.links) {
    const rows = await tx.select({ id: l.table.id }).from(l.table).where(eq(l.pointer, id));
    links[getTableName(l.table)] = rows.map((x) => String(x.id));
  }
  const entry = {
    email: String(found.email).toLowerCase(),
    name: String(found.name),
    data: { row: found.row, related, links },
    deletedAt: now,
    deletedBy,
  };
  await tx
    .insert(trash)
    .values({ kind, id, ...entry })
    .onConflictDoUpdate({ target: [trash.kind, trash.id], set: entry });
  await tx.delete(spec.table).where(eq(spec.table.id, id));
  return { id, name: entry.name, email: entry.email };
}

/** INSERT … SELECT the listed columns FROM jsonb_populate_recordset: types come from the table itself. */
function reinsert(table: PgTable, rows: Record<string, unknown>[]): SQL | undefined {
  if (rows.length === 0) return undefined;
  const known = new Set(Object.values(getTableColumns(table)).map((c) => c.name));
  // Columns the snapshot lacks (added after it was taken) take their defaults.
  const cols = Object.keys(rows[0]!).filter((k) => known.has(k));
  const list = sql.join(
    cols.map((c) => sql.identifier(c)),
    sql`, `,
  );
  return sql`INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${table}, ${JSON.stringify(rows)}::jsonb)`;
}

/** Takes the entry out of the trash; 404 when it is not there (or older than the trash keeps). */
async function takeFromTrash(tx: Tx, kind: TrashKind, id: string, now: Date) {
  const [entry] = await tx
    .delete(trash)
    .where(and(eq(trash.kind, kind), eq(trash.id, id), gt(trash.deletedAt, keptSince(now))))
    .returning();
  if (!entry) throw new ApiError(404, 'Not in the trash');
  return entry;
}

/** Puts the row back as it was. */
async function restoreFromTrash(tx: Tx, kind: TrashKind, id: string, now: Date): Promise<Trashed> {
  const spec = KINDS[kind];
  const entry = await takeFromTrash(tx, kind, id, now);
  const row = { ...entry.data.row };
  for (const key of spec.userPointers) {
    if (typeof row[key] !== 'string') continue;
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, row[key]));
    if (!user) row[key] = null;
  }
  try {
    await tx.execute(reinsert(spec.table, [row])!);
    for (const r of spec.related) {
      const statement = reinsert(r.table, entry.data.related[getTableName(r.table)] ?? []);
      if (statement) await tx.execute(statement);
    }
    for (const l of spec.links) {
      const ids = entry.data.links?.[getTableName(l.table)] ?? [];
      if (ids.length === 0) continue;
      // Only rows that still exist and point nowhere: a row someone has linked elsewhere keeps that.
      await tx.execute(
        sql`UPDATE ${l.table} SET ${sql.identifier(l.pointer.name)} = ${id} WHERE ${and(inArray(l.table.id, ids), isNull(l.pointer))}`,
      );
    }
  } catch (err) {
    // 23505: the address (or a Google identity) belongs to an account made since the deletion.
    if (sqlState(err) === '23505') {
      throw new ApiError(409, 'Cannot restore: its e-mail address or Google account is now used by another account');
    }
    throw err;
  }
  return { id, name: entry.name, email: entry.email };
}

/** Removes one entry for good (the admin's "delete permanently"). */
async function deleteFromTrash(tx: Tx, kind: TrashKind, id: string, now: Date): Promise<Trashed> {
  const entry = await takeFromTrash(tx, kind, id, now);
  return { id, name: entry.name, email: entry.email };
}

/** An admin's restore or purge of one entry, with its audit line, in one transaction; 404 when it is not there. */
export async function changeTrash(
  deps: Deps,
  actor: UserRow,
  action: 'restore' | 'purge',
  kind: TrashKind,
  id: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const row = await (action === 'restore' ? restoreFromTrash : deleteFromTrash)(tx, kind, id, now);
    await audit(tx, now, { actor, action: `${kind}.${action}`, target: { kind, id, label: row.email } });
  });
}

/**
 * The scheduled purge (run hourly by the API's background sweep): removes entries older than the trash
 * keeps, and logs how many went. Returns the counts.
 */
export async function purgeTrash(db: Db, now: Date): Promise<Record<TrashKind, number>> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(trash)
      .where(lte(trash.deletedAt, keptSince(now)))
      .returning({ kind: trash.kind, id: trash.id });
    for (const g of gone) if (g.kind === 'user') await forgetAccount(tx, g.id);
    const counts = {
      user: gone.filter((g) => g.kind === 'user').length,
      contact: gone.filter((g) => g.kind === 'contact').length,
    };
    if (gone.length > 0) {
      await audit(tx, now, {
        actor: null,
        action: 'trash.purge',
        target: { kind: 'trash', id: null, label: `older than ${LIMITS.trashDays} days` },
        detail: counts,
      });
    }
    return counts;
  });
}

/** A deleted user's address stays theirs until the purge or a restore: no new account may take it. */
export async function isAddressInTrash(db: Db | Tx, email: string, now: Date): Promise<boolean> {
  const [hit] = await db
    .select({ id: trash.id })
    .from(trash)
    .where(and(eq(trash.kind, 'user'), eq(trash.email, email.toLowerCase()), gt(trash.deletedAt, keptSince(now))))
    .limit(1);
  return hit !== undefined;
}
