// /api/v1/account/bookings: the calls a signed-in visitor booked while signed in, for the dashboard, and
// cancelling one of them (the account proves the booking is theirs, as the manage link does).
import { desc, eq } from 'drizzle-orm';
import { managedChange, ownBookingsAnswer } from '../../lib/schemas/bookings.ts';
import { idParam } from '../../lib/schemas/ids.ts';
import type { Deps } from '../core/context.ts';
import { errors, ok, router, userRoute } from '../core/route-factories.ts';
import { type BookingRow, bookings } from '../db/schema.ts';
import type { OutboxWorker } from '../mail/outbox.ts';
import { cancelById, toManagedBooking } from './bookings.ts';

const tags = ['account'];

const list = userRoute({
  method: 'get',
  path: '/',
  tags,
  description: "The account's bookings, latest call first (at most 100).",
  responses: { 200: ok(ownBookingsAnswer, 'The bookings'), ...errors(503) },
});

const cancel = userRoute({
  method: 'post',
  path: '/{id}/cancel',
  tags,
  description:
    "Cancels one of the account's bookings: the slot is free at once; the visitor and the company are mailed.",
  request: { params: idParam },
  responses: { 200: ok(managedChange, 'Cancelled'), ...errors(400, 404, 409, 503) },
});

export const toOwnBooking = (r: BookingRow) => ({
  _id: r.id,
  start: r.start.toISOString(),
  end: r.end.toISOString(),
  topic: r.topic,
  status: r.status,
});

/** The account's bookings, latest call first: the dashboard's list and the data export. */
export async function ownBookings(deps: Pick<Deps, 'db'>, userId: string, limit?: number): Promise<BookingRow[]> {
  const query = deps.db.select().from(bookings).where(eq(bookings.userId, userId)).orderBy(desc(bookings.start));
  return limit ? query.limit(limit) : query;
}

export function accountBookingRoutes(deps: Deps, outbox: OutboxWorker) {
  const app = router();

  app.openapi(list, async (c) => {
    const rows = await ownBookings(deps, c.get('user').id, 100);
    return c.json({ success: true as const, data: rows.map(toOwnBooking) }, 200);
  });

  app.openapi(cancel, async (c) => {
    const row = await cancelById(deps, c.req.valid('param').id, { notify: true, userId: c.get('user').id });
    void outbox.kick();
    return c.json(
      {
        success: true as const,
        message: 'Your call is cancelled.',
        booking: toManagedBooking(row),
      },
      200,
    );
  });

  return app;
}
