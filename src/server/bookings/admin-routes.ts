// /api/v1/admin/bookings: the booked calls of a range (the week view, with search), cancelling one with a
// message to the visitor, the blocked ranges (holidays, leave), and a new secret address for the feed.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, gte, lt } from 'drizzle-orm';
import { messageSchema } from '../../lib/schemas/api.ts';
import {
  adminBookingsAnswer,
  adminBookingsQuery,
  adminCancelBody,
  blockBody,
  blockCreated,
  blocksAnswer,
  feedAnswer,
  LATEST,
  managedChange,
} from '../../lib/schemas/bookings.ts';
import { idParam } from '../../lib/schemas/ids.ts';
import type { Deps } from '../core/context.ts';
import { ApiError } from '../core/errors.ts';
import { adminRoute, errors, jsonBody, ok, router } from '../auth/route-factories.ts';
import { type BookingBlockRow, bookingBlocks, type BookingRow, bookings } from '../db/schema.ts';
import { searchWhere } from '../db/search.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import type { OutboxWorker } from '../mail/outbox.ts';
import { cancelById, toManagedBooking } from './bookings.ts';
import { newFeedSecret } from './feed.ts';

const tags = ['admin'];
const DAY_MS = 86_400_000;
/** The longest range one list call covers: a quarter. */
const MAX_RANGE_DAYS = 92;

const list = adminRoute({
  assurance: 'admin',
  method: 'get',
  path: '/',
  tags,
  description:
    'The bookings (confirmed and cancelled) starting in [from, to), earliest first; from now to 7 days on ' +
    `by default; a longer range than ${MAX_RANGE_DAYS} days is cut there. \`q\` keeps those whose name or e-mail contains it.`,
  request: { query: adminBookingsQuery },
  responses: { 200: ok(adminBookingsAnswer, 'The bookings of the range'), ...errors(400, 503) },
});

const listBlocks = adminRoute({
  assurance: 'admin',
  method: 'get',
  path: '/blocks',
  tags,
  description: 'The blocked ranges that overlap [from, to) (from now to 7 days on by default), earliest first.',
  request: { query: adminBookingsQuery.pick({ from: true, to: true }) },
  responses: { 200: ok(blocksAnswer, 'The blocked ranges'), ...errors(400, 503) },
});

const addBlock = adminRoute({
  assurance: 'admin',
  method: 'post',
  path: '/blocks',
  tags,
  description: 'Blocks a range: no slot inside it is offered. Calls already booked in it stay until cancelled.',
  request: { body: jsonBody(blockBody) },
  responses: { 201: ok(blockCreated, 'Blocked'), ...errors(400, 503) },
});

const removeBlock = adminRoute({
  assurance: 'admin',
  method: 'delete',
  path: '/blocks/{id}',
  tags,
  request: { params: idParam },
  responses: { 200: ok(messageSchema, 'Unblocked'), ...errors(400, 404, 503) },
});

const cancel = adminRoute({
  assurance: 'admin',
  method: 'post',
  path: '/{id}/cancel',
  tags,
  description:
    'Cancels the call and mails the visitor (with the message, and a METHOD:CANCEL invite); the slot is free at once.',
  request: { params: idParam, body: jsonBody(adminCancelBody, false) },
  responses: { 200: ok(managedChange, 'Cancelled'), ...errors(400, 404, 409, 429, 503) },
});

const feed = adminRoute({
  assurance: 'admin',
  method: 'post',
  path: '/feed',
  tags,
  description:
    'A new secret address of the calendar feed (text/calendar, every upcoming booked call) to subscribe to from ' +
    'Google Calendar or Outlook. The address made before it stops working.',
  responses: { 200: ok(feedAnswer, 'The feed address'), ...errors(503) },
});

/**
 * The range asked for, cut at MAX_RANGE_DAYS from its start and at the last instant the database stores
 * (a `to` before `from` is an empty range).
 */
function range(query: { from?: Date; to?: Date }, now: Date) {
  const from = query.from ?? now;
  const longest = Math.min(from.getTime() + MAX_RANGE_DAYS * DAY_MS, LATEST);
  const to = new Date(Math.min(query.to?.getTime() ?? from.getTime() + 7 * DAY_MS, longest));
  return { from, to };
}

const toAdminBooking = (r: BookingRow) => ({
  _id: r.id,
  start: r.start.toISOString(),
  end: r.end.toISOString(),
  name: r.name,
  email: r.email,
  topic: r.topic,
  status: r.status,
});

const toBlock = (b: BookingBlockRow) => ({
  _id: b.id,
  start: b.start.toISOString(),
  end: b.end.toISOString(),
  reason: b.reason,
});

export function bookingAdminRoutes(deps: Deps, outbox: OutboxWorker) {
  const app = router();

  app.openapi(list, async (c) => {
    const query = c.req.valid('query');
    const { from, to } = range(query, deps.now());
    const rows = await deps.db
      .select()
      .from(bookings)
      .where(
        and(gte(bookings.start, from), lt(bookings.start, to), searchWhere(query.q, bookings.name, bookings.email)),
      )
      .orderBy(asc(bookings.start), asc(bookings.id));
    return c.json({ success: true as const, data: rows.map(toAdminBooking), total: rows.length }, 200);
  });

  app.openapi(listBlocks, async (c) => {
    const { from, to } = range(c.req.valid('query'), deps.now());
    const rows = await deps.db
      .select()
      .from(bookingBlocks)
      .where(and(lt(bookingBlocks.start, to), gt(bookingBlocks.end, from)))
      .orderBy(asc(bookingBlocks.start));
    return c.json({ success: true as const, data: rows.map(toBlock) }, 200);
  });

  app.openapi(addBlock, async (c) => {
    const { start, end, reason } = c.req.valid('json');
    const [row] = await deps.db
      .insert(bookingBlocks)
      .values({ id: randomUUID(), start, end, reason, createdBy: c.get('user').id, createdAt: deps.now() })
      .returning();
    return c.json({ success: true as const, message: 'Blocked', data: toBlock(row!) }, 201);
  });

  app.openapi(removeBlock, async (c) => {
    const gone = await deps.db
      .delete(bookingBlocks)
      .where(eq(bookingBlocks.id, c.req.valid('param').id))
      .returning({ id: bookingBlocks.id });
    if (gone.length === 0) throw new ApiError(404, 'Block not found');
    return c.json({ success: true as const, message: 'Unblocked' }, 200);
  });

  app.openapi(cancel, async (c) => {
    const actor = c.get('user');
    await deps.limiter.consume([[RULES.adminMailPerActor, actor.id]]);
    const body = c.req.valid('json') ?? {};
    const row = await cancelById(deps, c.req.valid('param').id, { message: body.message || undefined, notify: false });
    void outbox.kick();
    return c.json(
      {
        success: true as const,
        message: 'Call cancelled',
        booking: toManagedBooking(row),
      },
      200,
    );
  });

  app.openapi(feed, async (c) => {
    const secret = await newFeedSecret(deps.db);
    const url = new URL('/api/v1/bookings/feed', deps.config.apiOrigin);
    url.searchParams.set('key', secret);
    return c.json({ success: true as const, message: 'New feed address made', url: url.href }, 200);
  });

  return app;
}
