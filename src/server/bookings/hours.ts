// The agency's bookable hours as instants: content/site.json's days and opening hours in its time zone,
// cut into slots, from the notice to the horizon. Local times become instants through Intl (the zone's
// rules, summer time included, come with the runtime's time zone data).
import { site } from '../../lib/site.ts';

export interface Hours {
  timeZone: string;
  /** Bookable days of the week, 0 = Sunday … 6 = Saturday (Date's numbering). */
  days: ReadonlySet<number>;
  /** Opening and closing, minutes after local midnight. */
  open: number;
  close: number;
  slotMinutes: number;
  /** The earliest bookable start is this long after now, the latest this long after now. */
  noticeMs: number;
  horizonMs: number;
}

export interface Range {
  start: Date;
  end: Date;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const DAY_NAMES_FROM_SUNDAY = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "4:00 PM" → 960. */
function minutesOf(time: string): number {
  const [, hour, minute, half] = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(time)!;
  return ((Number(hour) % 12) + (half === 'PM' ? 12 : 0)) * 60 + Number(minute);
}

export const HOURS: Hours = {
  timeZone: site.booking.timeZone,
  days: new Set(site.booking.days.map((d) => DAY_NAMES_FROM_SUNDAY.indexOf(d))),
  open: minutesOf(site.hours.open),
  close: minutesOf(site.hours.close),
  slotMinutes: site.booking.slotMinutes,
  noticeMs: site.booking.minNoticeHours * 60 * MINUTE,
  horizonMs: site.booking.maxDaysAhead * DAY,
};

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in `timeZone` at `instant`, as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/**
 * The instant at which the wall clock in `timeZone` shows `wall`. A wall time that a summer-time change
 * skips or repeats (never in India) gets an instant next to it.
 */
export function instantAt(wall: number, timeZone: string): number {
  let instant = wall - (wallClock(wall, timeZone) - wall);
  // Across an offset change the first guess uses the other side's offset: one correction settles it.
  const offset = wallClock(instant, timeZone) - instant;
  instant = wall - offset;
  return instant;
}

/** Today's date (year-month-day) in `timeZone`. */
export function todayIn(now: Date, timeZone: string): string {
  return new Date(wallClock(now.getTime(), timeZone)).toISOString().slice(0, 10);
}

/** Every slot of the days from `from` (a day in the hours' zone) on, before notice and blocks. */
function* gridSlots(hours: Hours, from: string, days: number): Generator<Range> {
  const first = Date.parse(`${from}T00:00:00Z`);
  for (let d = 0; d < days; d++) {
    const midnight = first + d * DAY;
    if (!hours.days.has(new Date(midnight).getUTCDay())) continue;
    for (let m = hours.open; m + hours.slotMinutes <= hours.close; m += hours.slotMinutes) {
      const start = instantAt(midnight + m * MINUTE, hours.timeZone);
      yield { start: new Date(start), end: new Date(start + hours.slotMinutes * MINUTE) };
    }
  }
}

const overlaps = (a: Range, b: Range) => a.start < b.end && b.start < a.end;

/** Whether a slot starting at `start` lies in the bookable window from now. */
function inWindow(hours: Hours, start: Date, now: Date): boolean {
  const t = start.getTime() - now.getTime();
  return t >= hours.noticeMs && t <= hours.horizonMs;
}

/**
 * The free slots of `days` days from `from`: on the grid, in the window, outside every busy range (blocks
 * and confirmed bookings), earliest first.
 */
export function freeSlots(hours: Hours, from: string, days: number, now: Date, busy: Range[]): Range[] {
  const free: Range[] = [];
  for (const slot of gridSlots(hours, from, days)) {
    if (inWindow(hours, slot.start, now) && !busy.some((b) => overlaps(slot, b))) free.push(slot);
  }
  return free;
}

/** The slot that starts at `start`, when it is one of the hours' slots inside the window; else undefined. */
export function slotAt(hours: Hours, start: Date, now: Date): Range | undefined {
  if (!inWindow(hours, start, now)) return undefined;
  const day = new Date(wallClock(start.getTime(), hours.timeZone)).toISOString().slice(0, 10);
  for (const slot of gridSlots(hours, day, 1)) if (slot.start.getTime() === start.getTime()) return slot;
  return undefined;
}

/** The span of days to read bookings and blocks for: from `from`'s first instant to the last day's end. */
export function daysSpan(hours: Hours, from: string, days: number): Range {
  const first = Date.parse(`${from}T00:00:00Z`);
  return {
    start: new Date(instantAt(first, hours.timeZone)),
    end: new Date(instantAt(first + days * DAY, hours.timeZone)),
  };
}
