// The booking calls the pages make, and their answers' shapes. The HTTP client is fetched with the first
// call, so that the page's first script carries none of it.
// Types only from the schemas: the page's bundle carries no zod.
import { dateIn, INDIA_TIME_ZONE, type Slot } from '../../lib/booking-times.ts';
import { LIMITS } from '../../lib/constants.ts';
import type { bookingBody, bookingCreated, ManagedBooking, slotsAnswer } from '../../lib/schemas/bookings.ts';
import type { z } from '../../lib/schemas/zod.ts';

export type { ManagedBooking };

const client = () => import('../../lib/api-client.ts').then((m) => m.api);

/** Today in India, where the hours are kept (never before today in UTC, so never a day in the past). */
const today = () => dateIn(new Date().toISOString(), INDIA_TIME_ZONE);

export async function freeSlots(): Promise<Slot[]> {
  const api = await client();
  // The longest query the API takes; it offers nothing past its window (content/site.json's booking).
  const res = await api.get<z.infer<typeof slotsAnswer>>('v1/bookings/slots', {
    from: today(),
    days: LIMITS.bookingDaysMax,
  });
  return res.slots;
}

/** `timeZone`: the visitor's, so that the mails give the time in it beside India's. */
export async function book(body: z.input<typeof bookingBody>) {
  const api = await client();
  return api.post<z.infer<typeof bookingCreated>>('v1/bookings', body);
}

export async function manage(token: string): Promise<ManagedBooking> {
  const api = await client();
  return (await api.post<{ success: boolean; booking: ManagedBooking }>('v1/bookings/manage', { token })).booking;
}

export async function cancel(token: string) {
  const api = await client();
  return api.post('v1/bookings/cancel', { token });
}

export async function reschedule(token: string, start: string) {
  const api = await client();
  return api.post('v1/bookings/reschedule', { token, start });
}

/** The first free slots from `after` on (the times offered when the chosen one was taken). */
export const nextFree = (slots: readonly Slot[], after: string, count = 3) =>
  slots.filter((s) => Date.parse(s.start) >= Date.parse(after)).slice(0, count);
