// Calendar files (RFC 5545) for booked calls, written by ical-generator: the invite mailed to the visitor
// (METHOD:REQUEST, and METHOD:CANCEL when the call is cancelled) and the admins' subscribed feed. Times are
// written in UTC (DTSTART:20261201T043000Z); each booking keeps one UID, and its SEQUENCE grows with every
// change, so that a calendar replaces the event it already has.
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { BookingRow } from '../db/schema.ts';

export interface Organizer {
  name: string;
  email: string;
}

/** The UID of a booking's event: the row's id at the organiser's domain, the same in every file. */
export function eventUid(booking: Pick<BookingRow, 'id'>, organizer: Organizer): string {
  return `${booking.id}@${organizer.email.split('@')[1] ?? 'localhost'}`;
}

type Booked = Pick<BookingRow, 'id' | 'start' | 'end' | 'name' | 'email' | 'topic' | 'sequence' | 'status'>;

function addEvent(
  calendar: ReturnType<typeof ical>,
  b: Booked,
  organizer: Organizer,
  summary: string,
  description: string,
  now: Date,
): void {
  calendar.createEvent({
    id: eventUid(b, organizer),
    sequence: b.sequence,
    stamp: now,
    start: b.start,
    end: b.end,
    summary,
    description,
    status: b.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer,
    attendees: [
      {
        name: b.name,
        email: b.email,
        role: ICalAttendeeRole.REQ,
        status: b.status === 'cancelled' ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
      },
    ],
  });
}

/** The invite mailed to the visitor: METHOD:REQUEST for a booked (or moved) call, METHOD:CANCEL for a cancelled one. */
export function inviteFile(b: Booked, organizer: Organizer, summary: string, description: string, now: Date) {
  const method = b.status === 'cancelled' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: { company: organizer.name, product: 'Book a Call' }, method });
  addEvent(calendar, b, organizer, summary, description, now);
  return { calendar: calendar.toString(), calendarMethod: method };
}

/** The admins' feed: every upcoming confirmed call, for a calendar app to subscribe to. */
export function feedFile(rows: Booked[], organizer: Organizer, now: Date): string {
  const calendar = ical({
    prodId: { company: organizer.name, product: 'Book a Call' },
    name: `${organizer.name}: booked calls`,
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const b of rows) {
    const description = b.topic ? `${b.name} <${b.email}>\n\n${b.topic}` : `${b.name} <${b.email}>`;
    addEvent(calendar, b, organizer, `Call with ${b.name}`, description, now);
  }
  return calendar.toString();
}
