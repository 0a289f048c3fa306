// The trash: the spec's DELETE calls move rows there (same answers), a restore brings every column back,
// a deleted user cannot sign in and their address stays reserved, and the purge removes entries after
// 30 days (moved clock).
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/lib/constants.ts';
import { purgeTrash } from '../../src/server/trash/trash.ts';
import { identities, trash, users } from '../../src/server/db/schema.ts';
import { auditSince, lastAuditSeq, makeAdmin, rawRow, rawRows, sendEnquiry } from '../helpers/admin.ts';
import { freshIp, signUp, startTestApi, type Account, type TestApi } from '../helpers/api.ts';
import { codeFor, startOidcProvider } from '../helpers/oidc-provider.ts';

const DAY = 86_400_000;

let t: TestApi;
let admin: Account;
beforeAll(async () => {
  t = await startTestApi();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

const del = (path: string) => t.call('DELETE', path, { token: admin.token });
const restore = (kind: string, id: string) =>
  t.call('POST', `/v1/admin/trash/${kind}/${id}/restore`, { token: admin.token });
const trashIds = async (kind?: string) =>
  (
    await t.call('GET', `/v1/admin/trash?pageSize=100${kind ? `&kind=${kind}` : ''}`, { token: admin.token })
  ).body.data.map((i: { _id: string }) => i._id);
const signIn = (a: Account) =>
  t.call('POST', '/v1/auth/sign-in', { body: { email: a.email, password: a.password }, ip: freshIp() });

describe('a deleted user', () => {
  it('is in the trash, cannot sign in, and its address cannot sign up again', async () => {
    const victim = await signUp(t, { name: 'Deleted Person' });
    const res = await del(`/v1/admin/user/delete/${victim.user._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'deleted successfully' });

    const list = await t.call('GET', '/v1/admin/trash?kind=user', { token: admin.token });
    expect(list.body).toMatchObject({ success: true, page: 1, pageSize: LIMITS.adminPageSize });
    const item = list.body.data.find((i: { _id: string }) => i._id === victim.user._id);
    expect(item).toEqual({
      kind: 'user',
      _id: victim.user._id,
      deletedAt: expect.any(String),
      purgeAt: expect.any(String),
      deletedBy: admin.email,
      user: {
        _id: victim.user._id,
        name: 'Deleted Person',
        email: victim.email,
        isAccountVerified: false,
        isAdmin: false,
      },
    });
    expect(Date.parse(item.purgeAt) - Date.parse(item.deletedAt)).toBe(30 * DAY);

    expect((await t.call('GET', '/v1/auth/user', { token: victim.token })).status).toBe(401);
    const signin = await signIn(victim);
    expect(signin.status).toBe(401);
    expect(signin.body.message).toBe('Invalid credentials');
    const again = await t.call('POST', '/v1/auth/signup', {
      body: { name: 'Someone Else', email: victim.email.toUpperCase(), password: 'Another-Passw0rd' },
      ip: freshIp(),
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An account with this email already exists');
    // Deleting again: it is no longer a user.
    expect((await del(`/v1/admin/user/delete/${victim.user._id}`)).status).toBe(404);
  });

  it('comes back with every column equal and its Google link, but without its sessions', async () => {
    const victim = await signUp(t, { name: 'Round Trip' });
    await t.api.db.update(users).set({ isAccountVerified: true }).where(eq(users.id, victim.user._id));
    await t.api.db.insert(identities).values({
      provider: 'google',
      subject: `sub-${randomUUID()}`,
      userId: victim.user._id,
      email: victim.email,
      createdAt: new Date('2024-02-29T12:34:56.789Z'),
    });
    const before = await rawRow(t, 'users', victim.user._id);
    const linksBefore = await rawRows(
      t,
      sql`SELECT to_jsonb(i) AS row FROM identities i WHERE user_id = ${victim.user._id}`,
    );
    expect(before).toBeDefined();

    const since = await lastAuditSeq(t);
    await del(`/v1/admin/user/delete/${victim.user._id}`);
    expect(await rawRow(t, 'users', victim.user._id)).toBeUndefined();
    expect(await rawRows(t, sql`SELECT 1 FROM identities WHERE user_id = ${victim.user._id}`)).toEqual([]);

    // Restored by an upper-case spelling of the id: the same row.
    const res = await restore('user', victim.user._id.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'restored successfully' });
    expect(await rawRow(t, 'users', victim.user._id)).toEqual(before);
    expect(
      await rawRows(t, sql`SELECT to_jsonb(i) AS row FROM identities i WHERE user_id = ${victim.user._id}`),
    ).toEqual(linksBefore);
    expect(await trashIds('user')).not.toContain(victim.user._id);

    // The old token stays dead; the password still works.
    expect((await t.call('GET', '/v1/auth/user', { token: victim.token })).status).toBe(401);
    expect((await signIn(victim)).status).toBe(200);
    expect((await auditSince(t, since)).map((r) => [r.action, r.targetId, r.actorId])).toEqual([
      ['user.delete', victim.user._id, admin.user._id],
      ['user.restore', victim.user._id, admin.user._id],
    ]);
    expect((await restore('user', victim.user._id)).status).toBe(404);
  });

  it('cannot be restored over a newer account with its address (409), and nothing changes', async () => {
    const victim = await signUp(t);
    await del(`/v1/admin/user/delete/${victim.user._id}`);
    // An account made with the address meanwhile (e.g. by the command line, which skips the check).
    await t.api.db
      .insert(users)
      .values({ id: randomUUID(), name: 'Newcomer', email: victim.email, createdAt: new Date() });
    const res = await restore('user', victim.user._id);
    expect(res.status).toBe(409);
    expect(res.body.success).toBe(false);
    expect(await trashIds('user')).toContain(victim.user._id);
  });

  it('can be deleted for good, which frees the address at once', async () => {
    const victim = await signUp(t);
    await del(`/v1/admin/user/delete/${victim.user._id}`);
    const since = await lastAuditSeq(t);
    const gone = await t.call('DELETE', `/v1/admin/trash/user/${victim.user._id}`, { token: admin.token });
    expect(gone.status).toBe(200);
    expect(await trashIds('user')).not.toContain(victim.user._id);
    expect((await restore('user', victim.user._id)).status).toBe(404);
    expect((await auditSince(t, since)).map((r) => r.action)).toEqual(['user.purge']);
    const again = await t.call('POST', '/v1/auth/signup', {
      body: { name: 'New Owner', email: victim.email, password: 'Another-Passw0rd' },
      ip: freshIp(),
    });
    expect(again.status).toBe(201);
  });

  it('another admin can be deleted; the actor stays the admin left', async () => {
    const other = await makeAdmin(t);
    expect((await del(`/v1/admin/user/delete/${other.user._id}`)).status).toBe(200);
    expect((await t.call('GET', '/v1/admin/user', { token: admin.token })).status).toBe(200);
  });
});

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

describe('a deleted Google account', () => {
  it('cannot come back through Google sign-in until restored, and then is the same account', async () => {
    const idp = await startOidcProvider();
    const t2 = await startTestApi({ ...idp.env, SITE_URL: 'http://localhost:4321' });
    try {
      const boss = await makeAdmin(t2);
      const claims = { sub: 'g-trash-1', email: 'g.trash@example.com', name: 'Gita Trash' };
      const google = () =>
        t2.call('GET', `/v1/auth/google?code=${encodeURIComponent(codeFor(claims))}`, { ip: freshIp() });
      const first = await google();
      expect(first.status).toBe(200);
      await t2.call('DELETE', `/v1/admin/user/delete/${first.body.user._id}`, { token: boss.token });
      const blocked = await google();
      expect(blocked.status).toBe(409);
      expect(blocked.body.message).toBe('An account with this email already exists');
      expect(
        (await t2.call('POST', `/v1/admin/trash/user/${first.body.user._id}/restore`, { token: boss.token })).status,
      ).toBe(200);
      const back = await google();
      expect(back.status).toBe(200);
      expect(back.body.user._id).toBe(first.body.user._id);
    } finally {
      await t2.close();
      await idp.close();
    }
  });
});
