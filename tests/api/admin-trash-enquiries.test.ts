// The trash, for enquiries: an enquiry sent while signed in keeps its link to a user deleted and restored
// (not to one gone for good), a deleted enquiry comes back with every column and its thread, bad kinds
// and ids are refused; and the purge removes entries after 30 days (moved clock). The fixture:
// tests/helpers/trash-api.ts.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purgeTrash } from '../../src/server/trash/trash.ts';
import { trash } from '../../src/server/db/schema.ts';
import { auditSince, lastAuditSeq, makeAdmin, rawRow, rawRows, sendEnquiry } from '../helpers/admin.ts';
import { freshIp, signUp, startTestApi } from '../helpers/api.ts';
import { admin, DAY, del, restore, t, useTrashApi } from '../helpers/trash-api.ts';

useTrashApi();

describe('enquiries sent while signed in', () => {
  const linkOf = async (enquiryId: string) => {
    const [row] = await rawRows(t, sql`SELECT user_id FROM enquiries WHERE id = ${enquiryId}`);
    if (!row) throw new Error(`no enquiry ${enquiryId}`);
    return row.user_id;
  };

  it('keep their link to a user who is deleted and restored', async () => {
    const sender = await signUp(t);
    const sent = await t.call('POST', '/form/contact', {
      token: sender.token,
      body: { name: 'Signed In', email: sender.email, phoneNumber: '1', message: 'Linked to my account' },
      ip: freshIp(),
    });
    expect(sent.status).toBe(201);
    const [row] = await rawRows(t, sql`SELECT id FROM enquiries WHERE user_id = ${sender.user._id}`);
    const enquiryId = String(row!.id);
    await del(`/v1/admin/user/delete/${sender.user._id}`);
    // The enquiry stays for the company, without the link, while the account is in the trash.
    expect(await linkOf(enquiryId)).toBeNull();
    await restore('user', sender.user._id);
    expect(await linkOf(enquiryId)).toBe(sender.user._id);
  });

  it('come back without the link when the user is gone for good', async () => {
    const sender = await signUp(t);
    await t.call('POST', '/form/contact', {
      token: sender.token,
      body: { name: 'Signed In', email: sender.email, phoneNumber: '1', message: 'Mine' },
      ip: freshIp(),
    });
    const [row] = await rawRows(t, sql`SELECT id FROM enquiries WHERE user_id = ${sender.user._id}`);
    const enquiryId = String(row!.id);
    await del(`/v1/admin/contact/delete/${enquiryId}`);
    await del(`/v1/admin/user/delete/${sender.user._id}`);
    await t.call('DELETE', `/v1/admin/trash/user/${sender.user._id}`, { token: admin.token });
    expect((await restore('contact', enquiryId)).status).toBe(200);
    expect(await linkOf(enquiryId)).toBeNull();
  });
});

describe('a deleted enquiry', () => {
  it('comes back with every column and its thread', async () => {
    const sent = await sendEnquiry(t);
    await t.call('PATCH', `/v1/admin/contact/${sent.id}`, {
      token: admin.token,
      body: { status: 'in-progress', note: 'Keep me' },
    });
    await t.call('POST', `/v1/admin/contact/${sent.id}/reply`, {
      token: admin.token,
      body: { message: 'First answer' },
    });
    const before = await rawRow(t, 'enquiries', sent.id);
    const thread = await rawRows(
      t,
      sql`SELECT to_jsonb(r) AS row FROM enquiry_replies r WHERE enquiry_id = ${sent.id}`,
    );
    expect(thread).toHaveLength(1);

    const since = await lastAuditSeq(t);
    const res = await del(`/v1/admin/contact/delete/${sent.id}`);
    expect(res.body).toEqual({ success: true, message: 'deleted successfully' });
    const list = await t.call('GET', '/v1/admin/trash?kind=contact', { token: admin.token });
    expect(list.body.data.find((i: { _id: string }) => i._id === sent.id)).toMatchObject({
      kind: 'contact',
      enquiry: {
        _id: sent.id,
        username: sent.name,
        email: sent.email,
        message: sent.message,
        phoneNumber: sent.phoneNumber,
        status: 'answered',
      },
    });
    const listed = await t.call('GET', `/v1/admin/contact?q=${encodeURIComponent(sent.email)}`, { token: admin.token });
    expect(listed.body.total).toBe(0);

    expect((await restore('contact', sent.id)).status).toBe(200);
    expect(await rawRow(t, 'enquiries', sent.id)).toEqual(before);
    expect((await auditSince(t, since)).map((r) => [r.action, r.targetKind, r.targetId, r.actorId])).toEqual([
      ['contact.delete', 'contact', sent.id, admin.user._id],
      ['contact.restore', 'contact', sent.id, admin.user._id],
    ]);
    expect(
      await rawRows(t, sql`SELECT to_jsonb(r) AS row FROM enquiry_replies r WHERE enquiry_id = ${sent.id}`),
    ).toEqual(thread);
  });

  it('answers 400 for a bad kind or id and 404 when not in the trash', async () => {
    expect((await t.call('POST', `/v1/admin/trash/page/${randomUUID()}/restore`, { token: admin.token })).status).toBe(
      400,
    );
    expect((await t.call('POST', '/v1/admin/trash/user/123/restore', { token: admin.token })).status).toBe(400);
    expect((await restore('contact', randomUUID())).status).toBe(404);
    expect((await t.call('DELETE', `/v1/admin/trash/contact/${randomUUID()}`, { token: admin.token })).status).toBe(
      404,
    );
    expect((await t.call('GET', '/v1/admin/trash?kind=nothing', { token: admin.token })).status).toBe(400);
  });
});

describe('the purge', () => {
  it('keeps entries 30 days, then they leave the list, cannot be restored, free the address and are purged', async () => {
    const t2 = await startTestApi();
    try {
      const boss = await makeAdmin(t2);
      const victim = await signUp(t2);
      const sent = await sendEnquiry(t2);
      await t2.call('DELETE', `/v1/admin/user/delete/${victim.user._id}`, { token: boss.token });
      await t2.call('DELETE', `/v1/admin/contact/delete/${sent.id}`, { token: boss.token });
      const listed = async () => (await t2.call('GET', '/v1/admin/trash', { token: boss.token })).body.total;
      // Sessions last 30 days too: sign in again after the clock has moved.
      const signInAgain = async () => {
        const res = await t2.call('POST', '/v1/auth/sign-in', {
          body: { email: boss.email, password: boss.password },
          ip: freshIp(),
        });
        boss.token = res.body.token;
      };

      t2.clock.advance(29 * DAY);
      expect(await listed()).toBe(2);
      expect(await purgeTrash(t2.api.db, t2.clock.now())).toEqual({ user: 0, contact: 0 });
      expect(await t2.api.db.select().from(trash)).toHaveLength(2);

      t2.clock.advance(1 * DAY + 60_000);
      await signInAgain();
      expect(await listed()).toBe(0);
      expect(
        (await t2.call('POST', `/v1/admin/trash/user/${victim.user._id}/restore`, { token: boss.token })).status,
      ).toBe(404);
      const since = await lastAuditSeq(t2);
      expect(await purgeTrash(t2.api.db, t2.clock.now())).toEqual({ user: 1, contact: 1 });
      expect(await t2.api.db.select().from(trash)).toEqual([]);
      const [row] = await auditSince(t2, since);
      expect(row).toMatchObject({
        action: 'trash.purge',
        actorId: null,
        actorEmail: null,
        detail: { user: 1, contact: 1 },
      });
      // The address is free again.
      const again = await t2.call('POST', '/v1/auth/signup', {
        body: { name: 'Fresh Start', email: victim.email, password: 'Another-Passw0rd' },
        ip: freshIp(),
      });
      expect(again.status).toBe(201);
      // The Activity view shows the system's purge without an actor.
      const activity = await t2.call('GET', '/v1/admin/audit', { token: boss.token });
      expect(activity.body.data[0]).toMatchObject({
        action: 'trash.purge',
        actor: null,
        target: { kind: 'trash', _id: null },
      });
    } finally {
      await t2.close();
    }
  });
});
