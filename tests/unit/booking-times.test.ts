// The booking pages' times: the visitor's own, by the visitor's own days, India's beside them; across a
// summer-time change in the visitor's zone the same India time moves by the hour, and may change day.
import { describe, expect, it } from 'vitest';
import { dateIn, INDIA_TIME_ZONE, slotDays, timeIn } from '../../src/lib/booking-times.ts';

/** 10:00 in India (UTC+5:30) on a date: 04:30 UTC. */
const tenInIndia = (date: string) => ({ start: `${date}T04:30:00.000Z`, end: `${date}T05:00:00.000Z` });

describe('slot times in the visitor’s zone', () => {
  it('follow New York across its change to summer time (14 March 2027)', () => {
    // Friday before the change: EST, UTC-5, so 23:30 on Thursday; Monday after it: EDT, UTC-4, 00:30.
    const before = tenInIndia('2027-03-12');
    const after = tenInIndia('2027-03-15');
    expect(dateIn(before.start, 'America/New_York')).toBe('2027-03-11');
    expect(timeIn(before.start, 'America/New_York')).toMatch(/^11:30\spm$/i);
    expect(dateIn(after.start, 'America/New_York')).toBe('2027-03-15');
    expect(timeIn(after.start, 'America/New_York')).toMatch(/^12:30\sam$/i);
    // India has no summer time: both are 10:00 there.
    expect(timeIn(before.start, INDIA_TIME_ZONE)).toMatch(/^10:00\sam$/i);
    expect(timeIn(after.start, INDIA_TIME_ZONE)).toMatch(/^10:00\sam$/i);
  });

  it('group by the visitor’s days, in order, with India’s time beside each', () => {
    const slots = [tenInIndia('2027-03-15'), tenInIndia('2027-03-12')];
    const days = slotDays(slots, 'America/New_York');
    expect(days.map((d) => d.key)).toEqual(['2027-03-11', '2027-03-15']);
    expect(days[0]!.label).toMatch(/Thursday/);
    expect(days[0]!.slots[0]!.india).toMatch(/^10:00\sam$/i);
    expect(days[1]!.slots[0]!.time).toMatch(/^12:30\sam$/i);
  });

  it('leave India’s time out where it is the visitor’s own', () => {
    const [day] = slotDays([tenInIndia('2027-03-12')], 'Asia/Kolkata');
    expect(day!.key).toBe('2027-03-12');
    expect(day!.slots[0]!.india).toBeNull();
  });

  it('are written in the page’s language', () => {
    const [day] = slotDays([tenInIndia('2027-03-12')], 'Asia/Kolkata', 'hi');
    expect(day!.label).toMatch(/शुक्रवार/);
  });
});
