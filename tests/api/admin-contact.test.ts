// The enquiry workflow: status and note (PATCH), replies mailed over SMTP and kept as a thread, the
// status filter, and the CSV export with hostile cells neutralised.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditSince, lastAuditSeq, makeAdmin, sendEnquiry } from '../helpers/admin.ts';
import { site } from '../../src/lib/site.ts';
import { startTestApi, type Account, type TestApi } from '../helpers/api.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';
import { parseCsv, ENQUIRY_EXPORT_HEADER } from '../helpers/csv.ts';
import { enquiriesForExport } from '../../src/server/enquiries/enquiries.ts';

const COMPANY_INBOX = 'sales@agency.example';

let t: TestApi;
let smtp: SmtpCatcher;
let admin: Account;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApi({ SMTP_URL: smtp.url, CONTACT_NOTIFY_EMAIL: COMPANY_INBOX });
  admin = await makeAdmin(t, { name: 'Asha Admin' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const find = async (id: string) => {
  const res = await t.call('GET', '/v1/admin/contact?pageSize=100', { token: admin.token });
  return res.body.data.find((e: { _id: string }) => e._id === id);
};

describe('GET /api/v1/admin/contact', () => {
  it('gives each enquiry the spec’s fields plus status new, an empty note and thread', async () => {
    const sent = await sendEnquiry(t);
    expect(await find(sent.id)).toEqual({
      _id: sent.id,
      username: sent.name,
      email: sent.email,
      message: sent.message,
      phoneNumber: sent.phoneNumber,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      status: 'new',
      note: '',
      replies: [],
    });
  });

  it('filters by status, with the search', async () => {
    const a = await sendEnquiry(t, { name: 'Filter Alpha' });
    const b = await sendEnquiry(t, { name: 'Filter Beta' });
    await t.call('PATCH', `/v1/admin/contact/${b.id}`, { token: admin.token, body: { status: 'closed' } });
    const closed = await t.call('GET', '/v1/admin/contact?status=closed&q=filter', { token: admin.token });
    expect(closed.body.data.map((e: { _id: string }) => e._id)).toEqual([b.id]);
    expect(closed.body.total).toBe(1);
    const fresh = await t.call('GET', '/v1/admin/contact?status=new&q=filter', { token: admin.token });
    expect(fresh.body.data.map((e: { _id: string }) => e._id)).toEqual([a.id]);
    const bad = await t.call('GET', '/v1/admin/contact?status=open', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toEqual({
      path: 'status',
      message: 'Status must be one of: new, in-progress, answered, closed',
    });
  });
});

describe('PATCH /api/v1/admin/contact/{id}', () => {
  it('sets status and note, answers the enquiry as changed, and logs it without the note’s text', async () => {
    const sent = await sendEnquiry(t);
    const since = await lastAuditSeq(t);
    const res = await t.call('PATCH', `/v1/admin/contact/${sent.id}`, {
      token: admin.token,
      body: { status: 'in-progress', note: '  Called back, wants a quote by Friday.  ' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Enquiry updated' });
    expect(res.body.data).toMatchObject({
      _id: sent.id,
      status: 'in-progress',
      note: 'Called back, wants a quote by Friday.',
    });
    expect(await find(sent.id)).toMatchObject({ status: 'in-progress', note: 'Called back, wants a quote by Friday.' });
    const [row] = await auditSince(t, since);
    expect(row).toMatchObject({
      action: 'contact.update',
      actorEmail: admin.email,
      targetKind: 'contact',
      targetId: sent.id,
      detail: { status: { from: 'new', to: 'in-progress' }, note: 'changed' },
    });
    // A note alone keeps the status; '' clears the note.
    const cleared = await t.call('PATCH', `/v1/admin/contact/${sent.id}`, { token: admin.token, body: { note: '' } });
    expect(cleared.body.data).toMatchObject({ status: 'in-progress', note: '' });
  });

  it('answers 400 for nothing to change, an unknown status, a note over 5000 characters; 404 for no such enquiry', async () => {
    const sent = await sendEnquiry(t);
    const empty = await t.call('PATCH', `/v1/admin/contact/${sent.id}`, { token: admin.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to change: give a status or a note');
    const status = await t.call('PATCH', `/v1/admin/contact/${sent.id}`, {
      token: admin.token,
      body: { status: 'done' },
    });
    expect(status.status).toBe(400);
    const long = await t.call('PATCH', `/v1/admin/contact/${sent.id}`, {
      token: admin.token,
      body: { note: 'n'.repeat(5001) },
    });
    expect(long.status).toBe(400);
    expect(long.body.issues[0].path).toBe('note');
    const missing = await t.call('PATCH', '/v1/admin/contact/00000000-0000-4000-8000-000000000000', {
      token: admin.token,
      body: { status: 'closed' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('POST /api/v1/admin/contact/{id}/reply', () => {
  it('mails the reply over SMTP with the company’s name, keeps it in the thread and sets answered', async () => {
    const sent = await sendEnquiry(t, { name: 'Ravi Client', message: 'Can you build us a shop?\nBudget is tight.' });
    const since = await lastAuditSeq(t);
    const res = await t.call('POST', `/v1/admin/contact/${sent.id}/reply`, {
      token: admin.token,
      body: { message: 'Yes, we can. A call on Monday?' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Reply sent' });
    expect(res.body.data.status).toBe('answered');
    expect(res.body.data.replies).toEqual([
      {
        _id: expect.any(String),
        message: 'Yes, we can. A call on Monday?',
        createdAt: expect.any(String),
        author: 'Asha Admin',
        delivery: 'queued',
      },
    ]);

    const mail = await smtp.waitFor((m) => m.to === sent.email);
    expect(mail.subject).toBe(`Re: your enquiry – ${site.name}`);
    expect(mail.text).toContain('Hello Ravi Client,');
    expect(mail.text).toContain('Yes, we can. A call on Monday?');
    expect(mail.text).toContain(`Asha Admin\n${site.name}`);
    expect(mail.text).toContain('> Can you build us a shop?\n> Budget is tight.');
    expect(mail.html).toContain(site.name);

    // Delivered: the thread says so.
    await expect.poll(async () => (await find(sent.id)).replies[0].delivery, { timeout: 10_000 }).toBe('sent');
    const [row] = await auditSince(t, since);
    expect(row).toMatchObject({
      action: 'contact.reply',
      targetId: sent.id,
      detail: { status: { from: 'new', to: 'answered' } },
    });

    // A second reply joins the thread, oldest first.
    await t.call('POST', `/v1/admin/contact/${sent.id}/reply`, {
      token: admin.token,
      body: { message: 'Following up.' },
    });
    const thread = (await find(sent.id)).replies.map((r: { message: string }) => r.message);
    expect(thread).toEqual(['Yes, we can. A call on Monday?', 'Following up.']);
  });

  it('greets the enquirer by the first line of their name: no line break they typed reaches the mail', async () => {
    const lure = 'Your account is suspended: sign in at https://evil.example to keep it';
    for (const name of [`Ravi\n\n${lure}`, `Ravi\r\n${lure}`, `\n  Ravi \u2028${lure}`, `Ravi\u0085${lure}`]) {
      const sent = await sendEnquiry(t, { name });
      const res = await t.call('POST', `/v1/admin/contact/${sent.id}/reply`, {
        token: admin.token,
        body: { message: 'Thank you for writing.' },
      });
      expect(res.status).toBe(201);
      const mail = await smtp.waitFor((m) => m.to === sent.email);
      expect(mail.text).toMatch(/^Hello Ravi,\n\nThank you for writing\./m);
      expect(mail.text).not.toContain(lure);
      expect(mail.html).toContain('<p>Hello Ravi,</p>');
      expect(mail.html).not.toContain(lure);
    }
  });

  it('sets Reply-To to the company’s inbox', async () => {
    const sent = await sendEnquiry(t);
    await t.call('POST', `/v1/admin/contact/${sent.id}/reply`, {
      token: admin.token,
      body: { message: 'Answer here.' },
    });
    const mail = await smtp.waitFor((m) => m.to === sent.email);
    expect(mail.replyTo).toBe(COMPANY_INBOX);
  });

  it('answers 400 for an empty or too long reply, 413 for a huge body, 404 for no such enquiry', async () => {
    const sent = await sendEnquiry(t);
    const url = `/v1/admin/contact/${sent.id}/reply`;
    const empty = await t.call('POST', url, { token: admin.token, body: { message: '   ' } });
    expect(empty.body).toMatchObject({ success: false, message: 'Write a reply' });
    expect((await t.call('POST', url, { token: admin.token, body: { message: 'r'.repeat(5001) } })).status).toBe(400);
    expect((await t.call('POST', url, { token: admin.token, body: { message: 'r'.repeat(5000) } })).status).toBe(201);
    expect((await t.call('POST', url, { token: admin.token, body: { message: 'r'.repeat(17_000) } })).status).toBe(413);
    const missing = await t.call('POST', '/v1/admin/contact/00000000-0000-4000-8000-000000000000/reply', {
      token: admin.token,
      body: { message: 'Hello' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('GET /api/v1/admin/contact/export', () => {
  it('is a CSV download of the filtered list, hostile cells neutralised, with an audit row', async () => {
    const hostile = [
      '=HYPERLINK("http://evil.example","x")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      '  =cmd|x',
      'plain "quoted"',
    ];
    const sent = [];
    for (const [i, message] of hostile.entries()) {
      sent.push(
        await sendEnquiry(t, { name: `Csv Person ${i}`, message, phoneNumber: i === 0 ? '=1+2' : '+44 20 7946 0000' }),
      );
    }
    // One of them closed: the filter must leave it out.
    await t.call('PATCH', `/v1/admin/contact/${sent[7]!.id}`, {
      token: admin.token,
      body: { status: 'closed', note: '-note' },
    });

    const since = await lastAuditSeq(t);
    const res = await t.call('GET', '/v1/admin/contact/export?status=new&q=csv%20person', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="enquiries-new-\d{4}-\d\d-\d\d\.csv"$/,
    );
    // A byte order mark first (Response.text() drops it, so read the bytes).
    const raw = await t.api.app.request('/api/v1/admin/contact/export?status=new', {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(res.body as string);
    expect(header).toEqual(ENQUIRY_EXPORT_HEADER);
    expect(rows).toHaveLength(7);
    const byName = new Map(rows.map((r) => [r[2], r]));
    expect(byName.get('Csv Person 0')![6]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(byName.get('Csv Person 0')![4]).toBe(`'=1+2`);
    expect(byName.get('Csv Person 1')![6]).toBe(`'+1+1`);
    expect(byName.get('Csv Person 1')![4]).toBe(`'+44 20 7946 0000`);
    expect(byName.get('Csv Person 2')![6]).toBe(`'-2+3`);
    expect(byName.get('Csv Person 3')![6]).toBe(`'@SUM(A1)`);
    expect(byName.get('Csv Person 6')![6]).toBe(`'=cmd|x`);
    expect(byName.has('Csv Person 7')).toBe(false);
    // No cell of any row starts with a formula character.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(rows.every((r) => r[5] === 'new')).toBe(true);
    expect(rows.map((r) => r[0]).sort()).toEqual(
      sent
        .slice(0, 7)
        .map((s) => s.id)
        .sort(),
    );

    const [row] = await auditSince(t, since);
    expect(row).toMatchObject({
      action: 'contact.export',
      actorId: admin.user._id,
      detail: { status: 'new', q: 'csv person', rows: 7 },
    });

    // Trimmed by the contact form: tab and CR at the start never reach the store, but a closed row's
    // note starting with '-' is neutralised too.
    const closed = parseCsv(
      (await t.call('GET', '/v1/admin/contact/export?status=closed&q=csv', { token: admin.token })).body,
    );
    expect(closed[1]![7]).toBe(`'-note`);
  });

  it('exports every enquiry across batches, newest first', async () => {
    const res = await t.call('GET', '/v1/admin/contact/export', { token: admin.token });
    const rows = parseCsv(res.body as string).slice(1);
    const list = await t.call('GET', '/v1/admin/contact?pageSize=100', { token: admin.token });
    const ids = list.body.data.map((e: { _id: string }) => e._id);
    expect(ids.length).toBeGreaterThan(10);
    expect(rows.map((r) => r[0])).toEqual(ids);
    // The same order when read in batches of 3 (keyset paging: no row twice, none left out).
    const batched: string[] = [];
    for await (const batch of enquiriesForExport(t.api.db, {}, 3)) batched.push(...batch.map((e) => e._id));
    expect(batched).toEqual(ids);
  });
});
