// Book a Call: the slots follow the agency's hours (checked against the rules written out here in India's
// fixed +05:30, not through the code's own time zone arithmetic), one booking per slot under a burst of
// parallel requests, cancel and move free and take slots at once, a made-up manage link is refused, and the
// mailed invite parses (ical.js) with the call's UTC start and end.
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAKEN } from '../../src/lib/schemas/bookings.ts';
import { bookings, outbox } from '../../src/server/db/schema.ts';
import { freshIp, frozenClock, signUp, startTestApi, type TestApi } from '../helpers/api.ts';
import { makeAdmin } from '../helpers/admin.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Monday 7 December 2026, 08:30 in India. */
const NOW = Date.parse('2026-12-07T03:00:00Z');
const IST = 5.5 * HOUR;
const NOTIFY = 'calls@agency.example';

let t: TestApi;
let smtp: SmtpCatcher;
let mailCount = 0;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApi({ SMTP_URL: smtp.url, CONTACT_NOTIFY_EMAIL: NOTIFY }, frozenClock(NOW));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const person = () => {
  mailCount++;
  return { name: `Visitor ${mailCount}`, email: `visitor${mailCount}@example.com` };
};
const slotsOf = async (query = '') => {
  const res = await t.call('GET', `/v1/bookings/slots${query}`);
  expect(res.status).toBe(200);
  return (res.body.slots as { start: string; end: string }[]).map((s) => s.start);
};
const bookAt = (start: string, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/v1/bookings', { body: { start, ...person(), ...extra }, ip: freshIp() });
/** The manage link's secret from the confirmation mailed to `email`. */
const tokenMailedTo = async (email: string) => {
  const mail = await smtp.waitFor((m) => m.to === email && m.text.includes('/book/manage#'));
  return /\/book\/manage#([\w-]+)/.exec(mail.text)![1]!;
};
/** The start `hours` hours after Monday 7 December's midnight in India, as the API writes it. */
const indiaTime = (day: number, hour: number, minute = 0) =>
  new Date(Date.parse('2026-12-07T00:00:00Z') - IST + day * DAY + hour * HOUR + minute * MINUTE).toISOString();

describe('GET /api/v1/bookings/slots', () => {
  it('offers exactly the 30-minute slots of Monday to Friday, 10:00 to 16:00 in India, from 2 hours to 30 days ahead', async () => {
    const offered = await slotsOf('?from=2026-12-07&days=31');
    // The rule, written out: every half hour of the next 31 days, kept when it is a weekday in India
    // between 10:00 and 15:30 (its end by 16:00) and between 2 hours and 30 days from now.
    const expected: string[] = [];
    const firstMidnight = Date.parse('2026-12-07T00:00:00Z') - IST;
    for (let at = firstMidnight; at < firstMidnight + 31 * DAY; at += 30 * MINUTE) {
      const india = new Date(at + IST);
      const weekday = india.getUTCDay() >= 1 && india.getUTCDay() <= 5;
      const minutes = india.getUTCHours() * 60 + india.getUTCMinutes();
      const inHours = minutes >= 600 && minutes + 30 <= 960;
      const inWindow = at - NOW >= 2 * HOUR && at - NOW <= 30 * DAY;
      if (weekday && inHours && inWindow) expected.push(new Date(at).toISOString());
    }
    expect(offered).toEqual(expected);
    // Monday's 10:00 is 1.5 hours away: the first is 10:30; 15:30 is the last of a day; no weekend.
    expect(offered[0]).toBe(indiaTime(0, 10, 30));
    expect(offered).toContain(indiaTime(0, 15, 30));
    expect(offered).not.toContain(indiaTime(5, 10));
    expect(offered.length).toBeGreaterThan(200);
    const res = await t.call('GET', '/v1/bookings/slots?days=1');
    expect(res.body).toMatchObject({ success: true, timeZone: 'Asia/Kolkata', slotMinutes: 30 });
    expect(res.body.slots[0]).toEqual({ start: indiaTime(0, 10, 30), end: indiaTime(0, 11) });
  });

  it('refuses a query past 31 days or with a malformed day', async () => {
    expect((await t.call('GET', '/v1/bookings/slots?days=32')).status).toBe(400);
    expect((await t.call('GET', '/v1/bookings/slots?from=2026-13-01')).status).toBe(400);
  });

  it('leaves out every slot that overlaps a blocked range, and offers them again once it is removed', async () => {
    const admin = await makeAdmin(t);
    // All of Wednesday 9 December, and Thursday from 11:15 to 12:00 (which touches 11:00 and 11:30).
    const wholeDay = await t.call('POST', '/v1/admin/bookings/blocks', {
      token: admin.token,
      body: { start: indiaTime(2, 0), end: indiaTime(3, 0), reason: 'Holiday' },
    });
    expect(wholeDay.status).toBe(201);
    const part = await t.call('POST', '/v1/admin/bookings/blocks', {
      token: admin.token,
      body: { start: indiaTime(3, 11, 15), end: indiaTime(3, 12), reason: 'Dentist' },
    });
    expect(part.status).toBe(201);
    const offered = await slotsOf('?from=2026-12-09&days=2');
    expect(offered).toEqual(
      [10, 10.5, 11.5 + 0.5, 12.5, 13, 13.5, 14, 14.5, 15, 15.5].map((h) => indiaTime(3, Math.floor(h), (h % 1) * 60)),
    );
    // A blocked slot cannot be booked either.
    const blocked = await bookAt(indiaTime(3, 11));
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe(TAKEN);

    const listed = await t.call('GET', `/v1/admin/bookings/blocks?from=${indiaTime(0, 0)}&to=${indiaTime(7, 0)}`, {
      token: admin.token,
    });
    expect(listed.body.data.map((b: { reason: string }) => b.reason)).toEqual(['Holiday', 'Dentist']);
    for (const id of [wholeDay.body.data._id, part.body.data._id]) {
      expect((await t.call('DELETE', `/v1/admin/bookings/blocks/${id}`, { token: admin.token })).status).toBe(200);
    }
    expect(await slotsOf('?from=2026-12-09&days=2')).toHaveLength(24);
    expect(
      (await t.call('DELETE', `/v1/admin/bookings/blocks/${part.body.data._id}`, { token: admin.token })).status,
    ).toBe(404);
  });
});

describe('POST /api/v1/bookings', () => {
  it('refuses a time off the grid, outside the hours or outside the window with 400', async () => {
    const refused = [
      indiaTime(1, 10, 15), // off the grid
      indiaTime(1, 9, 30), // before opening
      indiaTime(1, 16), // would end after closing
      indiaTime(5, 11), // Saturday
      indiaTime(0, 10), // 1.5 hours from now
      indiaTime(30, 11), // Wednesday 6 January: more than 30 days ahead
      new Date(Date.parse(indiaTime(1, 11)) + 1000).toISOString(), // a second past the slot
    ];
    for (const start of refused) {
      const res = await bookAt(start);
      expect(res.status, start).toBe(400);
    }
    expect((await bookAt(indiaTime(29, 15, 30))).status).toBe(201); // Tuesday 5 January: the last day
  });

  it('gives exactly one of 40 parallel bookings of one slot 201, and the rest 409', async () => {
    const start = indiaTime(1, 11);
    const answers = await Promise.all(Array.from({ length: 40 }, () => bookAt(start)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(39);
    expect(answers.find((a) => a.status === 409)!.body).toEqual({ success: false, message: TAKEN });
    const rows = await t.api.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.start, new Date(start)), eq(bookings.status, 'confirmed')));
    expect(rows).toHaveLength(1);
    expect(await slotsOf('?from=2026-12-08&days=1')).not.toContain(start);
  });

  it('mails an invite that parses, with the UTC start and end, organiser and attendee, and the manage link', async () => {
    const start = indiaTime(1, 12);
    const who = person();
    const res = await t.call('POST', '/v1/bookings', {
      body: { start, ...who, topic: 'A new shop', timeZone: 'Europe/Berlin' },
      ip: freshIp(),
    });
    expect(res.status).toBe(201);
    expect(res.body.booking).toEqual({ id: expect.any(String), start, end: indiaTime(1, 12, 30) });
    const mail = await smtp.waitFor((m) => m.to === who.email);
    expect(mail.text).toMatch(/\/book\/manage#[\w-]{43}/);
    // India's time and the visitor's own (Berlin is 4.5 hours behind India in December).
    expect(mail.text).toContain('12:00 pm India Standard Time');
    expect(mail.text).toContain('7:30 am Central European Standard Time');
    const calendar = new ICAL.Component(ICAL.parse(mail.calendar!));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe(`${res.body.booking.id}@vyomalabs.in`);
    expect(event.startDate.toJSDate().toISOString()).toBe(start);
    expect(event.endDate.toJSDate().toISOString()).toBe(indiaTime(1, 12, 30));
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(mail.calendar).toMatch(/^DTSTART:20261208T063000Z\r?$/m);
    expect(String(vevent.getFirstPropertyValue('organizer')).toLowerCase()).toBe('mailto:hello@vyomalabs.in');
    expect(String(vevent.getFirstPropertyValue('attendee')).toLowerCase()).toBe(`mailto:${who.email}`);
    const notice = await smtp.waitFor((m) => m.to === NOTIFY && m.subject.includes(who.name));
    expect(notice.text).toContain('A new shop');
  });

  it('writes the mails in the language of the page', async () => {
    const who = person();
    const res = await t.call('POST', '/v1/bookings', {
      body: { start: indiaTime(1, 12, 30), ...who },
      ip: freshIp(),
      headers: { 'accept-language': 'hi' },
    });
    expect(res.status).toBe(201);
    const mail = await smtp.waitFor((m) => m.to === who.email);
    expect(mail.subject).toContain('आपकी कॉल बुक हो गई');
    expect(mail.text).toMatch(/\/hi\/book\/manage#/);
  });

  it('drops a booking whose honeypot is filled, answering alike', async () => {
    const start = indiaTime(1, 13);
    const res = await bookAt(start, { website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(await slotsOf('?from=2026-12-08&days=1')).toContain(start);
  });

  it('allows 3 bookings a day per address and 10 an hour per client', async () => {
    const email = `often${Date.now()}@example.com`;
    const times = [indiaTime(2, 10), indiaTime(2, 10, 30), indiaTime(2, 11), indiaTime(2, 11, 30)];
    const byAddress = [];
    for (const start of times) {
      byAddress.push(
        (await t.call('POST', '/v1/bookings', { body: { start, name: 'Often', email }, ip: freshIp() })).status,
      );
    }
    expect(byAddress).toEqual([201, 201, 201, 429]);
    const ip = freshIp();
    const byClient = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.call('POST', '/v1/bookings', {
        body: { start: indiaTime(8, 10, 30 * i), ...person() },
        ip,
      });
      byClient.push(res.status);
    }
    expect(byClient).toEqual([...Array(10).fill(201), 429]);
  });
});

describe('the manage link', () => {
  it('shows, moves and cancels the booking; a move frees the old slot and takes the new one at once', async () => {
    const [s1, s2, s3] = [indiaTime(9, 10), indiaTime(9, 10, 30), indiaTime(9, 11)];
    const a = person();
    expect((await t.call('POST', '/v1/bookings', { body: { start: s1, ...a }, ip: freshIp() })).status).toBe(201);
    const token = await tokenMailedTo(a.email);
    expect((await bookAt(s2)).status).toBe(201);

    const shown = await t.call('POST', '/v1/bookings/manage', { body: { token } });
    expect(shown.body.booking).toMatchObject({ start: s1, name: a.name, status: 'confirmed' });

    // The new slot is taken: 409, and nothing changed.
    const onTaken = await t.call('POST', '/v1/bookings/reschedule', { body: { token, start: s2 } });
    expect(onTaken.status).toBe(409);
    expect(onTaken.body.message).toBe(TAKEN);
    expect((await t.call('POST', '/v1/bookings/manage', { body: { token } })).body.booking.start).toBe(s1);

    const moved = await t.call('POST', '/v1/bookings/reschedule', { body: { token, start: s3 } });
    expect(moved.status).toBe(200);
    expect(moved.body.booking.start).toBe(s3);
    const day = await slotsOf('?from=2026-12-16&days=1');
    expect(day).toContain(s1);
    expect(day).not.toContain(s3);
    // The moved invite replaces the first: the same UID, a higher SEQUENCE.
    const movedMail = await smtp.waitFor((m) => m.to === a.email && /moved/.test(m.subject));
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(movedMail.calendar!)).getFirstSubcomponent('vevent')!);
    expect(event.sequence).toBe(1);
    expect(event.startDate.toJSDate().toISOString()).toBe(s3);
    expect((await bookAt(s1)).status).toBe(201);

    const cancelled = await t.call('POST', '/v1/bookings/cancel', { body: { token } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking.status).toBe('cancelled');
    expect(await slotsOf('?from=2026-12-16&days=1')).toContain(s3);
    const cancelMail = await smtp.waitFor((m) => m.to === a.email && /cancelled/.test(m.subject));
    const cancelCalendar = new ICAL.Component(ICAL.parse(cancelMail.calendar!));
    expect(cancelCalendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(new ICAL.Event(cancelCalendar.getFirstSubcomponent('vevent')!).sequence).toBe(2);
    await smtp.waitFor((m) => m.to === NOTIFY && /cancelled by the visitor/.test(m.subject));

    // Once cancelled: a second cancel changes nothing, a move is refused, the slot is anyone's.
    expect((await t.call('POST', '/v1/bookings/cancel', { body: { token } })).status).toBe(200);
    expect((await t.call('POST', '/v1/bookings/reschedule', { body: { token, start: s1 } })).status).toBe(409);
    expect((await bookAt(s3)).status).toBe(201);
  });

  it('gives one of two parallel moves into one slot, and keeps the other where it was', async () => {
    const [a, b] = [person(), person()];
    const [sa, sb, target] = [indiaTime(10, 10), indiaTime(10, 10, 30), indiaTime(10, 11)];
    await t.call('POST', '/v1/bookings', { body: { start: sa, ...a }, ip: freshIp() });
    await t.call('POST', '/v1/bookings', { body: { start: sb, ...b }, ip: freshIp() });
    const [ta, tb] = [await tokenMailedTo(a.email), await tokenMailedTo(b.email)];
    const answers = await Promise.all(
      [ta, tb].map((token) => t.call('POST', '/v1/bookings/reschedule', { body: { token, start: target } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = answers[0]!.status === 409 ? { token: ta, start: sa } : { token: tb, start: sb };
    expect((await t.call('POST', '/v1/bookings/manage', { body: { token: loser.token } })).body.booking.start).toBe(
      loser.start,
    );
    const day = await slotsOf('?from=2026-12-17&days=1');
    expect(day).not.toContain(target);
    expect(day.filter((s) => s === sa || s === sb)).toHaveLength(1);
  });

  it('answers 404 for a made-up token, on every call', async () => {
    const token = 'x'.repeat(43);
    for (const [path, body] of [
      ['/v1/bookings/manage', { token }],
      ['/v1/bookings/cancel', { token }],
      ['/v1/bookings/reschedule', { token, start: indiaTime(11, 10) }],
    ] as const) {
      const res = await t.call('POST', path, { body });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'This booking link is not valid.' });
    }
  });

  it('stores only the hash of the token', async () => {
    const a = person();
    await t.call('POST', '/v1/bookings', { body: { start: indiaTime(11, 10), ...a }, ip: freshIp() });
    const token = await tokenMailedTo(a.email);
    const [row] = await t.api.db.select().from(bookings).where(eq(bookings.email, a.email));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
  });
});

describe('the admin area and accounts', () => {
  it('lists a range with search, cancels with a message, and serves the feed at a secret address that a new one voids', async () => {
    const admin = await makeAdmin(t);
    const a = { name: 'Ravi Feedtest', email: 'ravi.feed@example.com' };
    const start = indiaTime(11, 14);
    const booked = await t.call('POST', '/v1/bookings', { body: { start, ...a, topic: 'ERP' }, ip: freshIp() });
    const list = await t.call('GET', `/v1/admin/bookings?from=${indiaTime(11, 0)}&to=${indiaTime(12, 0)}&q=feedtest`, {
      token: admin.token,
    });
    expect(list.body).toEqual({
      success: true,
      data: [
        { _id: booked.body.booking.id, start, end: indiaTime(11, 14, 30), ...a, topic: 'ERP', status: 'confirmed' },
      ],
      total: 1,
    });
    // A range starting at the last instant JavaScript reads is held at the last one the database stores.
    for (const list of ['/v1/admin/bookings', '/v1/admin/bookings/blocks']) {
      const farthest = await t.call('GET', `${list}?from=%2B275760-09-12T23%3A59%3A59.961Z`, { token: admin.token });
      expect([farthest.status, farthest.body.data]).toEqual([200, []]);
    }
    const visitor = await signUp(t);
    expect((await t.call('GET', '/v1/admin/bookings', { token: visitor.token })).status).toBe(403);

    const first = await t.call('POST', '/v1/admin/bookings/feed', { token: admin.token });
    const second = await t.call('POST', '/v1/admin/bookings/feed', { token: admin.token });
    const feedPath = (url: string) => new URL(url).pathname.replace(/^\/api/, '') + new URL(url).search;
    expect((await t.call('GET', feedPath(first.body.url))).status).toBe(404);
    const feed = await t.call('GET', feedPath(second.body.url));
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const events = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toContain(start);
    expect((await t.call('GET', '/v1/bookings/feed?key=nope')).status).toBe(404);

    const cancelled = await t.call('POST', `/v1/admin/bookings/${booked.body.booking.id}/cancel`, {
      token: admin.token,
      body: { message: 'Our office is closed that day, sorry.' },
    });
    expect(cancelled.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === a.email && /cancelled/.test(m.subject));
    expect(mail.text).toContain('Our office is closed that day, sorry.');
    expect(mail.calendar).toMatch(/METHOD:CANCEL/);
    expect(await slotsOf('?from=2026-12-18&days=1')).toContain(start);
    const after = await t.call('GET', feedPath(second.body.url));
    expect(
      new ICAL.Component(ICAL.parse(after.body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).uid),
    ).not.toContain(`${booked.body.booking.id}@vyomalabs.in`);
  });

  it("links a signed-in visitor's booking to the account: listed, exported, and cancelled when the account is deleted", async () => {
    const acc = await signUp(t);
    const future = indiaTime(15, 10);
    const res = await t.call('POST', '/v1/bookings', {
      body: { start: future, name: acc.user.name, email: acc.email },
      token: acc.token,
      ip: freshIp(),
    });
    expect(res.status).toBe(201);
    // A stale token books unlinked rather than failing.
    const stale = await t.call('POST', '/v1/bookings', {
      body: { start: indiaTime(15, 10, 30), ...person() },
      token: 'not-a-session',
      ip: freshIp(),
    });
    expect(stale.status).toBe(201);

    const mine = await t.call('GET', '/v1/account/bookings', { token: acc.token });
    expect(mine.body).toEqual({
      success: true,
      data: [{ _id: res.body.booking.id, start: future, end: indiaTime(15, 10, 30), topic: '', status: 'confirmed' }],
    });
    const exported = await t.call('GET', '/v1/account/export', { token: acc.token, ip: freshIp() });
    expect(exported.status).toBe(200);
    const data = typeof exported.body === 'string' ? JSON.parse(exported.body) : exported.body;
    expect(data.bookings).toEqual([
      expect.objectContaining({ _id: res.body.booking.id, start: future, email: acc.email }),
    ]);

    const deleted = await t.call('POST', '/v1/account/delete', {
      token: acc.token,
      body: { password: acc.password },
      ip: freshIp(),
    });
    expect(deleted.status).toBe(200);
    const [row] = await t.api.db.select().from(bookings).where(eq(bookings.id, res.body.booking.id));
    expect(row).toMatchObject({ status: 'cancelled', userId: null });
    expect(await slotsOf('?from=2026-12-22&days=1')).toContain(future);
    // The cancellation is queued for the address (not dropped with the account's waiting mail).
    const queued = await t.api.db.select().from(outbox).where(eq(outbox.to, acc.email));
    expect(queued.some((m) => m.calendarMethod === 'CANCEL')).toBe(true);
  });
});
