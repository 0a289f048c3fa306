// /api/v1/bookings: the free slots, booking one (with the bearer of a live session, the booking is linked
// to that account; a stale token books unlinked, as the contact form does), and the manage link's calls:
// show, cancel, move. The admins' calendar feed is here too: public, opened by its secret.
import { randomUUID } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import { toLocale } from '../../i18n/locales.ts';
import {
  bookingBody,
  bookingCreated,
  managedAnswer,
  managedChange,
  rescheduleBody,
  slotsAnswer,
  slotsQuery,
  tokenBody,
} from '../../lib/schemas/bookings.ts';
import { findSession } from '../auth/sessions.ts';
import { bearerToken } from '../core/auth-middleware.ts';
import type { Deps } from '../core/context.ts';
import { ApiError } from '../core/errors.ts';
import { errors, jsonBody, ok, publicRoute, router } from '../core/route-factories.ts';
import type { BookingRow } from '../db/schema.ts';
import { clientKey } from '../limits/client-ip.ts';
import type { Hit } from '../limits/rate-limiter.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import type { OutboxWorker } from '../mail/outbox.ts';
import {
  book,
  bookingByToken,
  busyRanges,
  cancelByToken,
  organizer,
  reschedule,
  toManagedBooking,
  upcoming,
} from './bookings.ts';
import { isFeedSecret } from './feed.ts';
import { daysSpan, freeSlots, HOURS, todayIn } from './hours.ts';
import { feedFile } from './invite.ts';

const tags = ['bookings'];

const slots = publicRoute({
  method: 'get',
  path: '/slots',
  tags,
  description:
    "The free slots of `days` days from `from` (a day in the agency's time zone; today when absent), within " +
    "the agency's hours and from the earliest to the latest bookable time, less blocked ranges and booked calls.",
  request: { query: slotsQuery },
  responses: { 200: ok(slotsAnswer, 'Free slots, earliest first, as UTC instants'), ...errors(400, 503) },
});

const create = publicRoute({
  method: 'post',
  path: '/',
  tags,
  description:
    'Books the slot starting at `start`. The mails (the confirmation with its invite and manage link, the ' +
    "company's notice) are written in the language of Accept-Language. 409 when the slot was taken meanwhile.",
  request: { body: jsonBody(bookingBody) },
  responses: { 201: ok(bookingCreated, 'Booked'), ...errors(400, 409, 429, 503) },
});

const manage = publicRoute({
  method: 'post',
  path: '/manage',
  tags,
  description: "The booking of a manage link's secret (the part after # in /book/manage#<token>).",
  request: { body: jsonBody(tokenBody) },
  responses: { 200: ok(managedAnswer, 'The booking'), ...errors(400, 404, 429, 503) },
});

const cancel = publicRoute({
  method: 'post',
  path: '/cancel',
  tags,
  description: 'Cancels the booking: its slot is free at once. Cancelling a cancelled booking changes nothing.',
  request: { body: jsonBody(tokenBody) },
  responses: { 200: ok(managedChange, 'Cancelled'), ...errors(400, 404, 409, 429, 503) },
});

const move = publicRoute({
  method: 'post',
  path: '/reschedule',
  tags,
  description:
    'Moves the booking to the slot starting at `start`: the old slot is freed and the new one taken in one ' +
    'transaction; 409 (and nothing changed) when the new slot was taken meanwhile.',
  request: { body: jsonBody(rescheduleBody) },
  responses: { 200: ok(managedChange, 'Moved'), ...errors(400, 404, 409, 429, 503) },
});

const feed = publicRoute({
  method: 'get',
  path: '/feed',
  tags,
  description:
    "The admins' calendar feed: every upcoming booked call. Its address, with the secret `key`, comes from POST /api/v1/admin/bookings/feed; a newer one voids it (404).",
  request: { query: z.object({ key: z.string().min(1).max(100) }) },
  responses: {
    200: { description: 'RFC 5545 calendar', content: { 'text/calendar': { schema: z.string() } } },
    ...errors(400, 404, 503),
  },
});

const ref = (row: BookingRow) => ({ id: row.id, start: row.start.toISOString(), end: row.end.toISOString() });

export function bookingRoutes(deps: Deps, outbox: OutboxWorker) {
  const app = router();
  const manageLimit = async (ip: string) => deps.limiter.consume([[RULES.bookingManagePerIp, ip]]);

  app.openapi(slots, async (c) => {
    const query = c.req.valid('query');
    const now = deps.now();
    const from = query.from ?? todayIn(now, HOURS.timeZone);
    const busy = await busyRanges(deps.db, daysSpan(HOURS, from, query.days));
    const free = freeSlots(HOURS, from, query.days, now, busy).map((s) => ({
      start: s.start.toISOString(),
      end: s.end.toISOString(),
    }));
    return c.json(
      { success: true as const, timeZone: HOURS.timeZone, slotMinutes: HOURS.slotMinutes, slots: free },
      200,
    );
  });

  app.openapi(create, async (c) => {
    const { website, ...fields } = c.req.valid('json');
    const ip = clientKey(c, deps.config.trustProxy);
    // Places in the limits are taken first and given back when the slot turns out taken: a visitor who
    // lost a race picks again without losing one of the day's bookings.
    const places: Hit[] = [
      [RULES.bookingPerIpHour, ip],
      [RULES.bookingPerAddressDay, fields.email],
    ];
    await deps.limiter.reserve(places);
    const message = 'Your call is booked. We have sent the details to your e-mail.';
    // The honeypot: a bot that fills the hidden field gets the same answer, and nothing is booked.
    if (website) {
      const end = new Date(fields.start.getTime() + HOURS.slotMinutes * 60_000);
      return c.json(
        {
          success: true as const,
          message,
          booking: { id: randomUUID(), start: fields.start.toISOString(), end: end.toISOString() },
        },
        201,
      );
    }
    const token = bearerToken(c);
    const account = token ? await findSession(deps, token) : undefined;
    try {
      const { row } = await book(deps, {
        ...fields,
        locale: toLocale(c.req.header('accept-language')),
        userId: account?.user.id ?? null,
      });
      void outbox.kick();
      return c.json({ success: true as const, message, booking: ref(row) }, 201);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 409 || err.status === 400)) await deps.limiter.release(places);
      throw err;
    }
  });

  app.openapi(manage, async (c) => {
    await manageLimit(clientKey(c, deps.config.trustProxy));
    const row = await bookingByToken(deps.db, c.req.valid('json').token);
    return c.json({ success: true as const, booking: toManagedBooking(row) }, 200);
  });

  app.openapi(cancel, async (c) => {
    await manageLimit(clientKey(c, deps.config.trustProxy));
    const row = await cancelByToken(deps, c.req.valid('json').token);
    void outbox.kick();
    return c.json({ success: true as const, message: 'Your call is cancelled.', booking: toManagedBooking(row) }, 200);
  });

  app.openapi(move, async (c) => {
    await manageLimit(clientKey(c, deps.config.trustProxy));
    const { token, start } = c.req.valid('json');
    const row = await reschedule(deps, token, start);
    void outbox.kick();
    return c.json({ success: true as const, message: 'Your call is moved.', booking: toManagedBooking(row) }, 200);
  });

  app.openapi(feed, async (c) => {
    if (!(await isFeedSecret(deps.db, c.req.valid('query').key))) throw new ApiError(404, 'Not found');
    const now = deps.now();
    return c.body(feedFile(await upcoming(deps.db, now), organizer, now), 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
    });
  });

  return app;
}
