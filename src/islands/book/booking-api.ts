// The booking calls the pages make, and their answers' shapes. The HTTP client is fetched with the first
// call, so that the page's first script carries none of it.
import { dateIn, INDIA_TIME_ZONE, type Slot } from '../../lib/booking-times.ts';

/** How many days of free slots the picker offers (the API's window). */
export const BOOKING_DAYS = 30;

export interface SlotsResponse {
  success: boolean;
  timeZone: string;
  slotMinutes: number;
  slots: Slot[];
}

export interface ManagedBooking extends Slot {
  id: string;
  name: string;
  topic?: string | null;
  status: string;
}

/** The longest topic a visitor may give. */
export const TOPIC_MAX = 500;

/** The refusal of a slot someone else took first, in the API's words. */
export const SLOT_TAKEN = 'That time was just taken. Please pick another.';

const client = () => import('../../lib/api-client.ts').then((m) => m.api);

/** Today in India, where the hours are kept (never before today in UTC, so never a day in the past). */
const today = () => dateIn(new Date().toISOString(), INDIA_TIME_ZONE);

export async function freeSlots(): Promise<Slot[]> {
  const api = await client();
  const res = await api.get<SlotsResponse>('v1/bookings/slots', { from: today(), days: BOOKING_DAYS });
  return res.slots;
}

/** `timeZone`: the visitor's, so that the mails give the time in it beside India's. */
export async function book(body: {
  start: string;
  name: string;
  email: string;
  topic?: string;
  timeZone: string;
  website?: string;
}) {
  const api = await client();
  return api.post<{ success: boolean; message: string; booking: Slot & { id: string } }>('v1/bookings', body);
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
