// Two API servers on one PostgreSQL database (each with its own connection pool, outbox worker and clock),
// the clock of both moved past the reminders of a day's booked calls at once: each call gets one reminder,
// though both servers' outbox passes claim them at the same moment. (PostgreSQL project only: two servers
// share it.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl, freshIp, startTestApi, testClock, type TestApi } from '../helpers/api.ts';
import { callsOfOneWholeDay } from '../helpers/booking-days.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';

const DAY = 86_400_000;

let smtp: SmtpCatcher;
let servers: TestApi[];
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  const DATABASE_URL = (await freshDatabaseUrl())!;
  const start = Date.now();
  servers = [];
  // Each polls its outbox every 100 ms (the test API's OUTBOX_POLL_MS), with a clock of its own.
  for (let i = 0; i < 2; i++) servers.push(await startTestApi({ DATABASE_URL, SMTP_URL: smtp.url }, testClock(start)));
});
afterAll(async () => {
  for (const s of servers ?? []) await s.close();
  await smtp.close();
});

const isReminder = (to: string) => (m: { to: string; subject: string }) => m.to === to && /^Reminder/.test(m.subject);

describe('reminders on two servers', () => {
  it('go once per call when both servers reach them with the clock moved', async () => {
    const [a, b] = servers as [TestApi, TestApi];
    const slots: string[] = (await a.call('GET', '/v1/bookings/slots')).body.slots.map(
      (s: { start: string }) => s.start,
    );
    const day = callsOfOneWholeDay(slots, a.clock.now().getTime());
    expect(day.length).toBeGreaterThanOrEqual(6);
    const people = day.map((_, i) => `two-servers-${i}-${Date.now()}@example.com`);
    for (const [i, start] of day.entries()) {
      const server = servers[i % 2]!;
      const res = await server.call('POST', '/v1/bookings', {
        body: { start, name: 'Two', email: people[i] },
        ip: freshIp(),
      });
      expect(res.status).toBe(201);
    }
    for (const email of people) await smtp.waitFor((m) => m.to === email && /booked/.test(m.subject));
    expect(smtp.messages.filter((m) => /^Reminder/.test(m.subject))).toHaveLength(0);

    // Both clocks to 5 minutes past the last call's reminder (still before the day's first call), and
    // passes on both servers at once besides their own polling.
    const ahead = Date.parse(day.at(-1)!) - DAY + 5 * 60_000 - a.clock.now().getTime();
    for (const s of servers) s.clock.advance(ahead);
    await Promise.all(Array.from({ length: 6 }, (_, i) => servers[i % 2]!.api.drainOutbox()));
    for (const email of people) await smtp.waitFor(isReminder(email), 30_000);
    // More passes on both: nothing further goes.
    for (let i = 0; i < 3; i++) await Promise.all([a.api.drainOutbox(), b.api.drainOutbox()]);
    await Promise.all([a.api.settled(), b.api.settled()]);
    for (const email of people) expect(smtp.messages.filter(isReminder(email)), email).toHaveLength(1);
  });
});
