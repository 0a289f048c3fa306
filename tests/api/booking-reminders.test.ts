// The reminder a day before a booked call: queued once when the clock reaches it, whatever the number of
// outbox passes claiming at the same moment; none for a call booked less than a day ahead or cancelled;
// a moved call is reminded for its new time. (Across two server processes: tests/reliability/bookings.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDueReminders } from '../../src/server/bookings/bookings.ts';
import { freshIp, frozenClock, startTestApi, type TestApi } from '../helpers/api.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Monday 7 December 2026, 08:30 in India. */
const NOW = Date.parse('2026-12-07T03:00:00Z');
/** Day `n` after Monday 7 December, at `hour`:`minute` in India. */
const day = (n: number, hour: number, minute = 0) =>
  new Date(Date.parse('2026-12-07T00:00:00Z') - 5.5 * HOUR + n * DAY + hour * HOUR + minute * 60_000).toISOString();

let t: TestApi;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApi({ SMTP_URL: smtp.url }, frozenClock(NOW));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const book = async (start: string, email: string) => {
  const res = await t.call('POST', '/v1/bookings', { body: { start, name: 'R', email }, ip: freshIp() });
  expect(res.status).toBe(201);
  const mail = await smtp.waitFor((m) => m.to === email && m.text.includes('/book/manage#'));
  return /\/book\/manage#([\w-]+)/.exec(mail.text)![1]!;
};
const reminders = (email: string) => smtp.messages.filter((m) => m.to === email && /^Reminder/.test(m.subject));

describe('the reminder', () => {
  it('goes once, 24 hours before, however many passes claim it at once', async () => {
    await book(day(2, 11), 'twoday@example.com'); // Wednesday 11:00: due Tuesday 11:00
    await book(day(0, 14), 'soon@example.com'); // Monday 14:00, 5.5 hours ahead: no reminder
    const moved = await book(day(2, 12), 'moved@example.com');
    const cancelled = await book(day(2, 13), 'cancelled@example.com');
    expect(
      (await t.call('POST', '/v1/bookings/reschedule', { body: { token: moved, start: day(3, 12) } })).status,
    ).toBe(200);
    expect((await t.call('POST', '/v1/bookings/cancel', { body: { token: cancelled } })).status).toBe(200);

    // A minute before it is due: nothing.
    t.clock.advance(Date.parse(day(1, 11)) - NOW - 60_000);
    const deps = { db: t.api.db, now: t.clock.now, config: t.config, mail: { company: 'Vyoma Labs' } } as Parameters<
      typeof queueDueReminders
    >[0];
    expect(await queueDueReminders(deps)).toBe(0);

    // Due: ten claims at once queue it once.
    t.clock.advance(60_000);
    const claimed = await Promise.all(Array.from({ length: 10 }, () => queueDueReminders(deps)));
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(1);
    await t.api.drainOutbox();
    const first = await smtp.waitFor((m) => m.to === 'twoday@example.com' && /^Reminder/.test(m.subject));
    expect(first.text).toContain('11:00 am India Standard Time');

    // The moved call (Thursday 12:00), on Wednesday at 12:00; the call booked 5.5 hours ahead and the
    // cancelled one never.
    t.clock.advance(DAY + HOUR);
    await t.api.drainOutbox();
    await smtp.waitFor((m) => m.to === 'moved@example.com' && /^Reminder/.test(m.subject));
    t.clock.advance(3 * DAY);
    for (let i = 0; i < 3; i++) await t.api.drainOutbox();
    expect(reminders('twoday@example.com')).toHaveLength(1);
    expect(reminders('moved@example.com')).toHaveLength(1);
    expect(reminders('soon@example.com')).toHaveLength(0);
    expect(reminders('cancelled@example.com')).toHaveLength(0);
  });
});
