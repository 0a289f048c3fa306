// The contact form: limits, honeypot, storage before the 201, notification through the outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries, outbox } from '../../src/server/db/schema.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';
import { freshIp, startTestApi, type TestApi } from '../helpers/api.ts';

const NOTIFY = 'sales@example.com';
const enquiry = (over: Record<string, unknown> = {}) => ({
  name: 'Jane Client',
  email: 'jane@client.example',
  phoneNumber: '+44 20 7946 0000',
  message: 'We need a new website <b>soon</b>.',
  ...over,
});

let t: TestApi;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApi({ SMTP_URL: smtp.url, CONTACT_NOTIFY_EMAIL: NOTIFY });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('POST /api/form/contact', () => {
  it('stores the enquiry, answers 201, and notifies the company by mail', async () => {
    const res = await t.call('POST', '/form/contact', { body: enquiry(), ip: freshIp() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: 'Message sent successfully!' });
    const rows = await t.api.db.select().from(enquiries);
    expect(rows.map((r) => r.name)).toContain('Jane Client');
    const mail = await smtp.waitFor((m) => m.to === NOTIFY);
    expect(mail.subject).toContain('Jane Client');
    expect(mail.text).toContain('We need a new website <b>soon</b>.');
    expect(mail.html).toContain('&lt;b&gt;soon&lt;/b&gt;');
  });

  it('answers 400 with issues for missing and over-long fields', async () => {
    const res = await t.call('POST', '/form/contact', {
      body: { name: '', email: 'nope', phoneNumber: '1'.repeat(33), message: 'x'.repeat(5001) },
      ip: freshIp(),
    });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      'email',
      'message',
      'name',
      'phoneNumber',
    ]);
    const atLimits = await t.call('POST', '/form/contact', {
      body: enquiry({ name: 'n'.repeat(100), phoneNumber: '1'.repeat(32), message: 'm'.repeat(5000) }),
      ip: freshIp(),
    });
    expect(atLimits.status).toBe(201);
  });

  it('answers 413 over its own 16 KiB limit and 415 for a form post', async () => {
    const big = await t.call('POST', '/form/contact', {
      body: enquiry({ message: 'x'.repeat(16 * 1024) }),
      ip: freshIp(),
    });
    expect(big.status).toBe(413);
    expect(big.body.success).toBe(false);
    const form = await t.call('POST', '/form/contact', {
      body: 'name=a&email=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      ip: freshIp(),
    });
    expect(form.status).toBe(415);
  });

  it('answers a filled honeypot with the same 201 but stores nothing', async () => {
    const before = (await t.api.db.select().from(enquiries)).length;
    const res = await t.call('POST', '/form/contact', {
      body: enquiry({ name: 'Bot', website: 'http://spam.example' }),
      ip: freshIp(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: 'Message sent successfully!' });
    expect((await t.api.db.select().from(enquiries)).length).toBe(before);
  });

  it('allows 5 a minute and 20 an hour from one address (429 with Retry-After)', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let minute = 0; minute < 5; minute++) {
      for (let i = 0; i < 6; i++)
        statuses.push((await t.call('POST', '/form/contact', { body: enquiry(), ip })).status);
      t.clock.advance(61_000);
    }
    const perMinute = statuses.slice(0, 6);
    expect(perMinute).toEqual([201, 201, 201, 201, 201, 429]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    const last = await t.call('POST', '/form/contact', { body: enquiry(), ip });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(60);
    t.clock.advance(60 * 60_000);
  });
});

describe('the outbox', () => {
  it('keeps the notification while SMTP is down and delivers it with backoff when it is back', async () => {
    const probe = await startSmtpCatcher();
    const port = probe.port;
    await probe.close();
    const down = await startTestApi({ SMTP_URL: `smtp://127.0.0.1:${port}`, CONTACT_NOTIFY_EMAIL: NOTIFY });
    let back: SmtpCatcher | undefined;
    try {
      const res = await down.call('POST', '/form/contact', { body: enquiry({ name: 'Offline Olga' }), ip: freshIp() });
      expect(res.status).toBe(201);
      expect((await down.api.db.select().from(enquiries)).map((e) => e.name)).toEqual(['Offline Olga']);
      await expect
        .poll(async () => (await down.api.db.select().from(outbox))[0]?.attempts, { timeout: 10_000 })
        .toBe(1);
      const [row] = await down.api.db.select().from(outbox);
      expect(row!.sentAt).toBeNull();
      expect(row!.lastError).toBeTruthy();
      expect(row!.nextAttemptAt.getTime() - down.clock.now().getTime()).toBeGreaterThan(20_000);

      back = await startSmtpCatcher({ port });
      down.clock.advance(31_000);
      const mail = await back.waitFor((m) => m.subject.includes('Offline Olga'), 10_000);
      expect(mail.to).toBe(NOTIFY);
      await expect
        .poll(async () => (await down.api.db.select().from(outbox))[0]?.sentAt, { timeout: 5_000 })
        .toBeInstanceOf(Date);
    } finally {
      await down.close();
      await back?.close();
    }
  });
});
