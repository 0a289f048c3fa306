// Booked calls: take a slot, show, move or cancel it by its manage link, cancel it as an admin, remind the
// visitor a day before. The rule that no slot is booked twice is the database's (bookings_slot_idx, a
// unique index on the start of confirmed calls): a booking or a move is one write that either takes the
// slot or fails with a unique violation, answered 409, whatever the number of servers. Every change and
// its mails commit together (the outbox delivers them).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Locale } from '../../i18n/locales.ts';
import { NOT_OFFERED, TAKEN } from '../../lib/schemas/bookings.ts';
import { site } from '../../lib/site.ts';
import { newToken, sha256 } from '../auth/tokens.ts';
import type { Deps } from '../core/context.ts';
import { ApiError, sqlState } from '../core/errors.ts';
import type { Db, Tx } from '../db/client.ts';
import { bookingBlocks, type BookingRow, bookings } from '../db/schema.ts';
import {
  type BookingMailContext,
  bookedMail,
  cancelledMail,
  type CompanyNotice,
  companyNotice,
  inviteSummary,
  reminderMail,
} from '../mail/booking-templates.ts';
import type { MailContent } from '../mail/templates.ts';
import { enqueueMail, PRIORITY } from '../mail/outbox.ts';
import { HOURS, type Hours, type Range, slotAt } from './hours.ts';
import { inviteFile, type Organizer } from './invite.ts';

const DAY_MS = 86_400_000;
/** The reminder goes this long before the call; a call booked closer than that gets none. */
export const REMIND_BEFORE_MS = DAY_MS;

export const UNKNOWN_LINK = 'This booking link is not valid.';
const STARTED = 'This call has already begun and can no longer be changed.';
const CANCELLED = 'This call was cancelled. Please book a new one.';

/** A booking as the manage page (and the answers to a cancel or a move) show it. */
export const toManagedBooking = (row: BookingRow) => ({
  id: row.id,
  start: row.start.toISOString(),
  end: row.end.toISOString(),
  name: row.name,
  topic: row.topic,
  status: row.status,
});

/** Who the invites come from: the company, at its public address. */
export const organizer: Organizer = { name: site.name, email: site.email };

export function mailContext(deps: Pick<Deps, 'mail' | 'config'>, hours: Hours = HOURS): BookingMailContext {
  return { company: deps.mail.company, siteUrl: deps.config.siteUrl, timeZone: hours.timeZone };
}

const remindAt = (start: Date, now: Date) =>
  start.getTime() - REMIND_BEFORE_MS > now.getTime() ? new Date(start.getTime() - REMIND_BEFORE_MS) : null;

/** Blocks and confirmed calls that overlap `span`: what makes a slot in it busy. */
export async function busyRanges(db: Db | Tx, span: Range): Promise<Range[]> {
  const [blocks, booked] = await Promise.all([
    db
      .select({ start: bookingBlocks.start, end: bookingBlocks.end })
      .from(bookingBlocks)
      .where(and(lt(bookingBlocks.start, span.end), gt(bookingBlocks.end, span.start))),
    db
      .select({ start: bookings.start, end: bookings.end })
      .from(bookings)
      .where(and(eq(bookings.status, 'confirmed'), lt(bookings.start, span.end), gt(bookings.end, span.start))),
  ]);
  return [...blocks, ...booked];
}

/** The slot starting at `start` when it is offered (else 400) and not blocked (else 409, as if taken). */
async function offeredSlot(db: Db | Tx, start: Date, now: Date): Promise<Range> {
  const slot = slotAt(HOURS, start, now);
  if (!slot) throw new ApiError(400, NOT_OFFERED);
  const [blocked] = await db
    .select({ id: bookingBlocks.id })
    .from(bookingBlocks)
    .where(and(lt(bookingBlocks.start, slot.end), gt(bookingBlocks.end, slot.start)))
    .limit(1);
  if (blocked) throw new ApiError(409, TAKEN);
  return slot;
}

/** Runs a write that takes a slot; the unique index's refusal becomes 409. */
async function takingSlot<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (sqlState(err) === '23505') throw new ApiError(409, TAKEN);
    throw err;
  }
}

/** Mails the visitor a mail about their call with its invite, and (when configured) the company a notice. */
async function queueMails(
  deps: Deps,
  tx: Tx,
  row: BookingRow,
  visitor: MailContent,
  notice: { what: CompanyNotice; before?: Date } | undefined,
): Promise<void> {
  const now = deps.now();
  const ctx = mailContext(deps);
  const invite = inviteFile(row, organizer, inviteSummary(ctx, row.locale), row.topic, now);
  await enqueueMail(
    tx,
    now,
    { to: row.email, ...visitor, ...invite },
    { priority: PRIORITY.notice, ...(row.userId ? { accountId: row.userId } : {}) },
  );
  if (notice && deps.config.contactNotifyEmail) {
    await enqueueMail(tx, now, {
      to: deps.config.contactNotifyEmail,
      ...companyNotice(ctx, row, notice.what, notice.before),
    });
  }
}

export interface NewBooking {
  start: Date;
  name: string;
  email: string;
  topic: string;
  timeZone?: string;
  locale: Locale;
  userId: string | null;
}

/** Takes the slot (409 when it is taken) and queues the confirmation; returns the row and its manage secret. */
export async function book(deps: Deps, input: NewBooking): Promise<{ row: BookingRow; token: string }> {
  const now = deps.now();
  const token = newToken();
  return takingSlot(() =>
    deps.db.transaction(async (tx) => {
      const slot = await offeredSlot(tx, input.start, now);
      const [row] = await tx
        .insert(bookings)
        .values({
          id: randomUUID(),
          start: slot.start,
          end: slot.end,
          name: input.name,
          email: input.email,
          topic: input.topic,
          locale: input.locale,
          timeZone: input.timeZone ?? null,
          userId: input.userId,
          tokenHash: sha256(token),
          remindAt: remindAt(slot.start, now),
          createdAt: now,
        })
        .returning();
      await queueMails(deps, tx, row!, bookedMail(mailContext(deps), row!, token), { what: 'booked' });
      return { row: row!, token };
    }),
  );
}

/** The booking of a manage link; 404 for a secret that is not one. */
export async function bookingByToken(db: Db | Tx, token: string, lock = false): Promise<BookingRow> {
  const query = db
    .select()
    .from(bookings)
    .where(eq(bookings.tokenHash, sha256(token)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiError(404, UNKNOWN_LINK);
  return row;
}

async function cancelRow(
  deps: Deps,
  tx: Tx,
  row: BookingRow,
  by: { message?: string; notify: boolean },
): Promise<BookingRow> {
  const now = deps.now();
  if (row.status === 'cancelled') return row;
  if (row.start <= now) throw new ApiError(409, STARTED);
  const [cancelled] = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now, remindAt: null, sequence: sql`${bookings.sequence} + 1` })
    .where(eq(bookings.id, row.id))
    .returning();
  await queueMails(
    deps,
    tx,
    cancelled!,
    cancelledMail(mailContext(deps), cancelled!, by.message),
    by.notify ? { what: 'cancelled' } : undefined,
  );
  return cancelled!;
}

/** Cancels an account's calls still to come (its deletion); mailCancellations() mails them afterwards. */
export async function cancelFutureBookings(tx: Tx, userId: string, now: Date): Promise<BookingRow[]> {
  return tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now, remindAt: null, sequence: sql`${bookings.sequence} + 1` })
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'confirmed'), gt(bookings.start, now)))
    .returning();
}

export async function mailCancellations(deps: Deps, tx: Tx, rows: BookingRow[]): Promise<void> {
  for (const row of rows) {
    await queueMails(deps, tx, row, cancelledMail(mailContext(deps), row), { what: 'cancelled' });
  }
}

/** The visitor cancels by the manage link: the slot is free at once. A second cancel changes nothing. */
export async function cancelByToken(deps: Deps, token: string): Promise<BookingRow> {
  return deps.db.transaction(async (tx) =>
    cancelRow(deps, tx, await bookingByToken(tx, token, true), { notify: true }),
  );
}

/** An admin (or the account's owner) cancels by id; `message` goes into the visitor's mail. */
export async function cancelById(
  deps: Deps,
  id: string,
  options: { message?: string; notify: boolean; userId?: string },
): Promise<BookingRow> {
  return deps.db.transaction(async (tx) => {
    const where = options.userId ? and(eq(bookings.id, id), eq(bookings.userId, options.userId)) : eq(bookings.id, id);
    const [row] = await tx.select().from(bookings).where(where).for('update');
    if (!row) throw new ApiError(404, 'Booking not found');
    return cancelRow(deps, tx, row, options);
  });
}

/**
 * Moves the call to another slot in one statement: the old slot is free and the new one taken when it
 * commits, or (409, the new slot taken meanwhile) nothing changes.
 */
export async function reschedule(deps: Deps, token: string, start: Date): Promise<BookingRow> {
  const now = deps.now();
  return takingSlot(() =>
    deps.db.transaction(async (tx) => {
      const row = await bookingByToken(tx, token, true);
      if (row.status === 'cancelled') throw new ApiError(409, CANCELLED);
      if (row.start <= now) throw new ApiError(409, STARTED);
      const slot = await offeredSlot(tx, start, now);
      if (slot.start.getTime() === row.start.getTime()) return row;
      const [moved] = await tx
        .update(bookings)
        .set({
          start: slot.start,
          end: slot.end,
          remindAt: remindAt(slot.start, now),
          sequence: sql`${bookings.sequence} + 1`,
        })
        .where(eq(bookings.id, row.id))
        .returning();
      await queueMails(deps, tx, moved!, bookedMail(mailContext(deps), moved!, token, true), {
        what: 'moved',
        before: row.start,
      });
      return moved!;
    }),
  );
}

/**
 * Queues the reminders that are due. Each is claimed by the statement that clears its remind_at, so a
 * reminder goes once however many servers run this at the same moment: a second claimant finds the
 * column already cleared. Returns how many were queued.
 */
export async function queueDueReminders(deps: Pick<Deps, 'db' | 'now' | 'config' | 'mail'>, now = deps.now()) {
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .update(bookings)
      .set({ remindAt: null })
      .where(
        and(
          isNotNull(bookings.remindAt),
          lte(bookings.remindAt, now),
          eq(bookings.status, 'confirmed'),
          gt(bookings.start, now),
        ),
      )
      .returning();
    const ctx = mailContext(deps);
    for (const row of due) {
      const mail = reminderMail(ctx, row);
      await enqueueMail(
        tx,
        now,
        { to: row.email, ...mail },
        { priority: PRIORITY.notice, ...(row.userId ? { accountId: row.userId } : {}) },
      );
    }
    return due.length;
  });
}

/** Upcoming confirmed calls, earliest first: the admins' feed. */
export async function upcoming(db: Db, now: Date): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), gt(bookings.end, now)))
    .orderBy(asc(bookings.start), asc(bookings.id));
}
