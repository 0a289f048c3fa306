// The trash, for users: the spec's DELETE moves a user there (same answer), they cannot sign in and their
// address stays reserved, a restore brings every column and the Google link back (not the sessions), a
// restore over a newer account is refused, deleting for good frees the address; a deleted Google account
// cannot come back through Google until restored. The fixture: tests/helpers/trash-api.ts.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/lib/constants.ts';
import { identities, users } from '../../src/server/db/schema.ts';
import { auditSince, lastAuditSeq, makeAdmin, rawRow, rawRows } from '../helpers/admin.ts';
import { freshIp, signUp, startTestApi, type Account } from '../helpers/api.ts';
import { codeFor, startOidcProvider } from '../helpers/oidc-provider.ts';
import { admin, DAY, del, restore, t, trashIds, useTrashApi } from '../helpers/trash-api.ts';

useTrashApi();

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
