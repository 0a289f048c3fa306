// A call's time as the booking islands write it in a sentence or on a button.
import type { Locale } from '../../i18n/locales.ts';
import type { Translate } from '../../i18n/translate.ts';
import { dateTimeIn, INDIA_TIME_ZONE, sameAsIndia } from '../../lib/booking-times.ts';

/** "Tuesday, 1 December 2026 at 3:30 pm (10:00 am in India)"; India's part only where it differs. */
export function callTime(start: string, timeZone: string, locale: Locale, t: Translate): string {
  const local = dateTimeIn(start, timeZone, locale);
  if (sameAsIndia(start, timeZone)) return local;
  return `${local} (${t('{time} in India', { time: dateTimeIn(start, INDIA_TIME_ZONE, locale) })})`;
}
