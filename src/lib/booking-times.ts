// A call's time as the booking pages show it: in the visitor's own time zone, with India's beside it (the
// agency's hours are India's). Instants arrive from the API in UTC; Intl knows every zone's rules, so a
// slot after a summer-time change in the visitor's zone shows its new local time with no arithmetic of ours.
import { DEFAULT_LOCALE, LANGUAGES, type Locale } from '../i18n/locales.ts';

/** The agency's time zone: the hours and India's times beside the visitor's. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

/** A free slot or a booked call: ISO 8601 instants. */
export interface Slot {
  start: string;
  end: string;
}

/** One day of the picker, in the visitor's zone: its date (YYYY-MM-DD, for ids), its name and its slots. */
export interface SlotDay {
  key: string;
  label: string;
  slots: (Slot & { time: string; india: string | null })[];
}

/** The browser's own zone (an IANA name); India's when the browser does not say. */
export function visitorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || INDIA_TIME_ZONE;
  } catch {
    return INDIA_TIME_ZONE;
  }
}

// Formatters are made on first use and kept: making one builds the language's patterns.
const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: Locale, timeZone: string, kind: 'day' | 'time' | 'date' | 'full'): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${kind}`;
  let found = formats.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'day'
        ? { weekday: 'long', day: 'numeric', month: 'long' }
        : kind === 'time'
          ? { hour: 'numeric', minute: '2-digit' }
          : kind === 'date'
            ? { year: 'numeric', month: '2-digit', day: '2-digit' }
            : { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' };
    // 'date' names the day for ids and grouping: the same digits in every language.
    found = new Intl.DateTimeFormat(kind === 'date' ? 'en-CA' : LANGUAGES[locale].intl, { ...options, timeZone });
    formats.set(key, found);
  }
  return found;
}

/** The calendar date of an instant in a zone, as YYYY-MM-DD. */
export function dateIn(instant: string, timeZone: string): string {
  const parts = format(DEFAULT_LOCALE, timeZone, 'date').formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The wall-clock time of an instant in a zone ("3:30 pm"). */
export const timeIn = (instant: string, timeZone: string, locale: Locale = DEFAULT_LOCALE) =>
  format(locale, timeZone, 'time').format(new Date(instant));

/** Day and time of an instant in a zone ("Tuesday, 1 December 2026 at 3:30 pm"). */
export const dateTimeIn = (instant: string, timeZone: string, locale: Locale = DEFAULT_LOCALE) =>
  format(locale, timeZone, 'full').format(new Date(instant));

/** Whether the zone shows this instant at India's wall-clock time and date (then India's is not repeated). */
export const sameAsIndia = (instant: string, timeZone: string) =>
  timeIn(instant, timeZone) === timeIn(instant, INDIA_TIME_ZONE) &&
  dateIn(instant, timeZone) === dateIn(instant, INDIA_TIME_ZONE);

/**
 * The slots by the visitor's days, in order: a day is a date on the visitor's calendar, so a morning slot
 * in India may fall on the evening before. `india` is India's time, or null where it is the visitor's.
 */
export function slotDays(slots: readonly Slot[], timeZone: string, locale: Locale = DEFAULT_LOCALE): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const key = dateIn(slot.start, timeZone);
    let day = days.get(key);
    if (!day) {
      day = { key, label: format(locale, timeZone, 'day').format(new Date(slot.start)), slots: [] };
      days.set(key, day);
    }
    day.slots.push({
      ...slot,
      time: timeIn(slot.start, timeZone, locale),
      india: sameAsIndia(slot.start, timeZone) ? null : timeIn(slot.start, INDIA_TIME_ZONE, locale),
    });
  }
  return [...days.values()];
}
