// Book a Call on three `npm start` processes sharing one PostgreSQL: 40 parallel bookings of one slot
// spread over them give exactly one 201 (the database's unique index decides, not a process), and
// parallel moves into one slot leave one winner and the others where they were. (The reminders across two
// servers with the clock moved: tests/api/booking-reminders-two-servers.postgres.test.ts.)
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAKEN } from '../../src/lib/schemas/bookings.ts';
import { call, makeMiniDist, nextIp } from '../../scripts/reliability/common.ts';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';

let pg: TestPostgres;
let smtp: SmtpCatcher;
let dist: string;
let env: Record<string, string>;
const servers: RunningServer[] = [];
const pick = (i: number) => servers[i % servers.length]!.url;

beforeAll(async () => {
  [pg, smtp, dist] = await Promise.all([startPostgres(), startSmtpCatcher(), makeMiniDist()]);
  env = { DATABASE_URL: await pg.createDatabase(), SMTP_URL: smtp.url, DIST_DIR: dist, TRUST_PROXY: 'true' };
  // The first start applies the migrations; the others find them done.
  servers.push(await startServer({ env }));
  servers.push(...(await Promise.all([startServer({ env }), startServer({ env })])));
}, 300_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await Promise.all([pg?.stop(), smtp?.close(), dist && rm(dist, { recursive: true, force: true })]);
});

let visitors = 0;
const visitor = () => ({ name: 'Reliable Visitor', email: `rel-${Date.now()}-${visitors++}@example.com` });

/** Free slots at least 3 hours ahead: none of them leaves the 2-hour notice while a test runs. */
async function freeSlots(): Promise<string[]> {
  const res = await call(pick(0), 'GET', '/api/v1/bookings/slots');
  expect(res.status).toBe(200);
  const starts: string[] = res.body.slots.map((s: { start: string }) => s.start);
  return starts.filter((s) => Date.parse(s) - Date.now() > 3 * 3_600_000);
}

async function bookOn(base: string, start: string, who = visitor()) {
  return call(base, 'POST', '/api/v1/bookings', { body: { start, ...who }, ip: nextIp(31) });
}

async function manageToken(email: string): Promise<string> {
  const mail = await smtp.waitFor((m) => m.to === email && m.text.includes('/book/manage#'), 30_000);
  return /\/book\/manage#([\w-]+)/.exec(mail.text)![1]!;
}

describe('one booking per slot across three servers', () => {
  it('gives exactly one of 40 parallel bookings of one slot, spread over three servers, a 201', async () => {
    const [slot] = await freeSlots();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => bookOn(pick(i), slot!)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(39);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(TAKEN);
    for (let i = 0; i < servers.length; i++) {
      const res = await call(pick(i), 'GET', '/api/v1/bookings/slots?days=2');
      expect(res.body.slots.map((s: { start: string }) => s.start)).not.toContain(slot);
    }
  });

  it('lets one of three parallel moves into one slot, on three servers, win; the others stay where they were', async () => {
    const slots = await freeSlots();
    const [target, ...own] = slots.slice(3, 7);
    const people = own.map(() => visitor());
    for (const [i, start] of own.entries()) expect((await bookOn(pick(i), start!, people[i])).status).toBe(201);
    const tokens = await Promise.all(people.map((p) => manageToken(p.email)));
    const answers = await Promise.all(
      tokens.map((token, i) =>
        call(pick(i), 'POST', '/api/v1/bookings/reschedule', { body: { token, start: target } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const [i, token] of tokens.entries()) {
      const shown = await call(pick(i + 1), 'POST', '/api/v1/bookings/manage', { body: { token } });
      expect(shown.body.booking.start).toBe(answers[i]!.status === 200 ? target : own[i]);
    }
  });
});
