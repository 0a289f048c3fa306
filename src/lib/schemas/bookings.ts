// Book a Call: the calls' requests and answers, shared by the booking page's island, the dashboard, the
// admin area and the API. Every time is an ISO 8601 instant in UTC; the agency's hours are in
// content/site.json (booking, hours).
import { BOOKING_STATUSES, LIMITS } from '../constants.ts';
import { emailField } from './email.ts';
import { storedText, z } from './zod.ts';

export const TAKEN = 'That time was just taken. Please pick another.';
export const NOT_OFFERED = 'That time is not offered. Please pick one of the listed times.';

const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
/** The last instant the database stores (year 9999); a range is held inside it. */
export const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * An instant, as JSON carries one: ISO 8601 with its offset (2026-12-01T04:30:00.000Z), read as a Date. The
 * document says `format: date-time`; whether a time is offered is the hours' question, answered apart.
 * Years outside 1–9999 (which JavaScript reads and the database cannot store) are held at those ends:
 * no such time is ever offered, and a range reaching past them means "from the start" or "to the end".
 */
const instant = z
  .string()
  .max(40)
  .refine((s) => /^[+-]?\d{4,6}-\d\d-\d\dT\d\d:\d\d/.test(s) && !Number.isNaN(Date.parse(s)), {
    message: 'Expected a date and time, e.g. 2026-12-01T04:30:00.000Z',
  })
  .transform((s) => new Date(Math.min(LATEST, Math.max(EARLIEST, Date.parse(s)))))
  .meta({ format: 'date-time' });

/** A day, year-month-day; a day past its month's end runs on into the next (2026-02-31 is 3 March). */
const civilDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, {
    message: 'Expected a date written year-month-day, e.g. 2026-12-01',
  })
  .transform((s) => {
    const [year, month, day] = s.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
  });

export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

/** GET /api/v1/bookings/slots: `from` is a day in the agency's time zone (today when absent). */
export const slotsQuery = z.object({
  from: civilDate.optional(),
  days: z.coerce.number().int().min(1).max(LIMITS.bookingDaysMax).default(LIMITS.bookingDaysMax),
});

export const slotSchema = z.object({ start: z.string(), end: z.string() });

export const slotsAnswer = z.object({
  success: z.literal(true),
  timeZone: z.string(),
  slotMinutes: z.number(),
  slots: z.array(slotSchema),
});

const text = (max: number) => z.string().regex(storedText(1), { message: 'Required' }).trim().max(max);

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The visitor's IANA time zone, for the times in their mails; one the runtime does not know is ignored. */
const timeZoneField = z
  .string()
  .max(64)
  .transform((zone) => (isTimeZone(zone) ? zone : undefined));

export const bookingBody = z.object({
  start: instant,
  name: text(LIMITS.contactNameMax),
  email: emailField('Invalid email address'),
  topic: z
    .string()
    .regex(storedText(0), { message: 'Invalid text' })
    .trim()
    .max(LIMITS.bookingTopicMax)
    .optional()
    .default(''),
  /** The visitor's own zone, e.g. 'Europe/Berlin': the mails show the time in it beside India's. */
  timeZone: timeZoneField.optional(),
  // Honeypot: a field people never see. Bots that fill it are answered 201 and dropped.
  website: z.string().max(200).optional(),
});

/** The secret of a booking's manage link (/book/manage#<token>). */
const token = z.string().min(1).max(100);

export const tokenBody = z.object({ token });
export const rescheduleBody = z.object({ token, start: instant });

export const bookingRef = z.object({ id: z.string(), start: z.string(), end: z.string() });

export const bookingCreated = z.object({ success: z.literal(true), message: z.string(), booking: bookingRef });

/** What the manage page shows. */
export const managedBooking = bookingRef.extend({
  name: z.string(),
  topic: z.string(),
  status: bookingStatusSchema,
});

export const managedAnswer = z.object({ success: z.literal(true), booking: managedBooking });
export const managedChange = managedAnswer.extend({ message: z.string() });

/** A booking as the admin area lists it. */
export const adminBookingSchema = z.object({
  _id: z.string(),
  start: z.string(),
  end: z.string(),
  name: z.string(),
  email: z.string(),
  topic: z.string(),
  status: bookingStatusSchema,
});

export const adminBookingsQuery = z.object({
  /** From now to 7 days on when absent; a range longer than 92 days is cut there. */
  from: instant.optional(),
  to: instant.optional(),
  /** A part of the name or e-mail. */
  q: z.string().regex(storedText(0)).trim().max(LIMITS.emailMax).optional(),
});

export const adminBookingsAnswer = z.object({
  success: z.literal(true),
  data: z.array(adminBookingSchema),
  total: z.number(),
});

export const blockBody = z
  .object({
    start: instant,
    end: instant,
    reason: z.string().regex(storedText(0)).trim().max(200).optional().default(''),
  })
  .refine((b) => b.end > b.start, { message: 'The end must be after the start', path: ['end'] });

export const blockSchema = z.object({ _id: z.string(), start: z.string(), end: z.string(), reason: z.string() });

export const blocksAnswer = z.object({ success: z.literal(true), data: z.array(blockSchema) });
export const blockCreated = z.object({ success: z.literal(true), message: z.string(), data: blockSchema });

export const adminCancelBody = z.object({
  message: z.string().regex(storedText(0), { message: 'Invalid text' }).trim().max(LIMITS.adminReplyMax).optional(),
});

export const feedAnswer = z.object({ success: z.literal(true), message: z.string(), url: z.string() });

/** A signed-in visitor's own booking, on the dashboard. */
export const ownBookingSchema = z.object({
  _id: z.string(),
  start: z.string(),
  end: z.string(),
  topic: z.string(),
  status: bookingStatusSchema,
});

export const ownBookingsAnswer = z.object({ success: z.literal(true), data: z.array(ownBookingSchema) });

export type BookingBody = z.infer<typeof bookingBody>;
export type Slot = z.infer<typeof slotSchema>;
export type ManagedBooking = z.infer<typeof managedBooking>;
export type AdminBooking = z.infer<typeof adminBookingSchema>;
export type OwnBooking = z.infer<typeof ownBookingSchema>;
export type Block = z.infer<typeof blockSchema>;
