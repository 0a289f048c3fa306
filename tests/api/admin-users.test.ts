// PATCH /api/v1/admin/user/{id}, the verification-code resend and ending a user's sessions: validation,
// the last-admin rule, the guard against demoting oneself by a slip, mail over SMTP, audit rows.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { auditSince, lastAuditSeq, makeAdmin } from '../helpers/admin.ts';
import { freshIp, signUp, startTestApi, type Account, type TestApi } from '../helpers/api.ts';
import { extractCode, startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';

let t: TestApi;
let smtp: SmtpCatcher;
let admin: Account;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApi({ SMTP_URL: smtp.url });
  admin = await makeAdmin(t, { name: 'Head Admin' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const patch = (token: string, id: string, body: unknown) => t.call('PATCH', `/v1/admin/user/${id}`, { token, body });

describe('PATCH /api/v1/admin/user/{id}', () => {
  it('edits the name, grants and revokes admin, marks verified; one audit row per change', async () => {
    const person = await signUp(t, { name: 'Old Name' });
    const since = await lastAuditSeq(t);
    const res = await patch(admin.token, person.user._id, {
      name: '  New Name  ',
      isAdmin: true,
      isAccountVerified: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'User updated',
      data: { _id: person.user._id, name: 'New Name', email: person.email, isAdmin: true, isAccountVerified: true },
    });
    // Marking the address verified proves it by another route than the person's own session: the sessions
    // and the password from before end (tests/api/factors.test.ts). The person is an admin in the database.
    expect((await t.call('GET', '/v1/auth/user', { token: person.token })).status).toBe(401);
    const [row] = await t.api.db.select().from(users).where(eq(users.id, person.user._id));
    expect(row).toMatchObject({ isAdmin: true, isAccountVerified: true, passwordHash: null });
    // The owner sets a password by a mailed code and, signed in, passes the admin check: the change is real.
    expect((await t.call('POST', '/v1/auth/reset-otp', { body: { email: person.email }, ip: freshIp() })).status).toBe(
      200,
    );
    const mail = await smtp.waitFor((m) => m.to === person.email && /^Reset your password/.test(m.subject));
    const NewPassword = 'Owner-passw0rd-after-the-mark';
    const reset = await t.call('POST', '/v1/auth/reset-password', {
      body: { email: person.email, NewPassword, otp: extractCode(mail.text) },
      ip: freshIp(),
    });
    expect(reset.status).toBe(200);
    const signedIn = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: person.email, password: NewPassword },
      ip: freshIp(),
    });
    const token = signedIn.body.token as string;
    expect((await t.call('GET', '/v1/admin/user', { token })).status).toBe(200);
    const rows = await auditSince(t, since);
    expect(rows.map((r) => r.action)).toEqual(['user.update', 'user.grant-admin', 'user.verify']);
    for (const r of rows) {
      expect(r).toMatchObject({
        actorId: admin.user._id,
        actorEmail: admin.email,
        targetKind: 'user',
        targetId: person.user._id,
      });
      expect(r.at).toBeInstanceOf(Date);
    }
    expect(rows[0]!.detail).toEqual({ name: { from: 'Old Name', to: 'New Name' } });

    const back = await patch(admin.token, person.user._id, { isAdmin: false, isAccountVerified: false });
    expect(back.body.data).toMatchObject({ isAdmin: false, isAccountVerified: false });
    expect((await t.call('GET', '/v1/admin/user', { token })).status).toBe(403);
    expect((await auditSince(t, since)).map((r) => r.action).slice(3)).toEqual(['user.revoke-admin', 'user.unverify']);
  });

  it('writes nothing and no audit row when nothing changes', async () => {
    const person = await signUp(t, { name: 'Same Name' });
    const since = await lastAuditSeq(t);
    const res = await patch(admin.token, person.user._id, { name: 'Same Name', isAdmin: false });
    expect(res.status).toBe(200);
    expect(await auditSince(t, since)).toEqual([]);
  });

  it('answers 400 for an empty change, bad types, a short name, a malformed id; 404 for no such user', async () => {
    const person = await signUp(t);
    const empty = await patch(admin.token, person.user._id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to change: give a name, isAdmin or isAccountVerified');
    const types = await patch(admin.token, person.user._id, { isAdmin: 'yes', isAccountVerified: 1 });
    expect(types.status).toBe(400);
    expect(types.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['isAccountVerified', 'isAdmin']);
    const short = await patch(admin.token, person.user._id, { name: 'x' });
    expect(short.body).toMatchObject({ success: false, message: 'Name must be at least 2 characters' });
    expect((await patch(admin.token, 'not-an-id', { name: 'Valid Name' })).status).toBe(400);
    expect((await patch(admin.token, '00000000-0000-4000-8000-000000000000', { name: 'Valid Name' })).status).toBe(404);
    const notJson = await t.call('PATCH', `/v1/admin/user/${person.user._id}`, {
      token: admin.token,
      body: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(415);
  });
});

describe('the last admin and demoting oneself', () => {
  it('refuses to demote oneself without confirmSelfDemotion, and the last admin even with it', async () => {
    const t2 = await startTestApi();
    try {
      const only = await makeAdmin(t2);
      const slip = await t2.call('PATCH', `/v1/admin/user/${only.user._id}`, {
        token: only.token,
        body: { isAdmin: false },
      });
      expect(slip.status).toBe(409);
      expect(slip.body.message).toBe('To remove your own admin role, confirm it (confirmSelfDemotion: true)');
      const last = await t2.call('PATCH', `/v1/admin/user/${only.user._id}`, {
        token: only.token,
        body: { isAdmin: false, confirmSelfDemotion: true },
      });
      expect(last.status).toBe(409);
      expect(last.body).toEqual({ success: false, message: 'The last admin cannot lose the role' });
      // Upper-case spelling of the same id: the same account, the same answer.
      const upper = await t2.call('PATCH', `/v1/admin/user/${only.user._id.toUpperCase()}`, {
        token: only.token,
        body: { isAdmin: false, confirmSelfDemotion: true },
      });
      expect(upper.status).toBe(409);
      const [row] = await t2.api.db.select().from(users).where(eq(users.id, only.user._id));
      expect(row!.isAdmin).toBe(true);

      // With a second admin, a confirmed self-demotion goes through.
      const second = await makeAdmin(t2);
      const ok = await t2.call('PATCH', `/v1/admin/user/${only.user._id}`, {
        token: only.token,
        body: { isAdmin: false, confirmSelfDemotion: true },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.data.isAdmin).toBe(false);
      // Now `second` is the last one.
      const lastAgain = await t2.call('PATCH', `/v1/admin/user/${second.user._id}`, {
        token: second.token,
        body: { isAdmin: false, confirmSelfDemotion: true },
      });
      expect(lastAgain.status).toBe(409);
    } finally {
      await t2.close();
    }
  });

  it('two admins demoting each other at once: one wins, an admin remains', async () => {
    const t2 = await startTestApi();
    try {
      const a = await makeAdmin(t2);
      const b = await makeAdmin(t2);
      const [ab, ba] = await Promise.all([
        t2.call('PATCH', `/v1/admin/user/${b.user._id}`, { token: a.token, body: { isAdmin: false } }),
        t2.call('PATCH', `/v1/admin/user/${a.user._id}`, { token: b.token, body: { isAdmin: false } }),
      ]);
      const statuses = [ab.status, ba.status].sort();
      // The loser is refused: 409 (last admin) if its check ran after the winner's commit, 403 if its
      // request was authorised after it.
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = await t2.api.db.select().from(users).where(eq(users.isAdmin, true));
      expect(admins).toHaveLength(1);
    } finally {
      await t2.close();
    }
  });

  it('refuses to delete the last admin or oneself (also by an upper-case id)', async () => {
    const own = await t.call('DELETE', `/v1/admin/user/delete/${admin.user._id.toUpperCase()}`, { token: admin.token });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe('You cannot delete your own account');
  });
});

describe('POST /api/v1/admin/user/{id}/verification-code', () => {
  it('mails a working code through the outbox; 429 when asked again within the minute; audit row', async () => {
    const person = await signUp(t);
    const since = await lastAuditSeq(t);
    const res = await t.call('POST', `/v1/admin/user/${person.user._id}/verification-code`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Verification code sent' });
    const mail = await smtp.waitFor((m) => m.to === person.email && /Verify your e-mail/.test(m.subject));
    const verified = await t.call('POST', '/v1/auth/verify-account', {
      token: person.token,
      body: { otp: extractCode(mail.text) },
      ip: freshIp(),
    });
    expect(verified.status).toBe(200);
    expect((await auditSince(t, since)).map((r) => [r.action, r.targetId])).toEqual([
      ['user.resend-code', person.user._id],
    ]);
    // Verified now: nothing to resend.
    const again = await t.call('POST', `/v1/admin/user/${person.user._id}/verification-code`, { token: admin.token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This account is already verified');

    const other = await signUp(t);
    expect(
      (await t.call('POST', `/v1/admin/user/${other.user._id}/verification-code`, { token: admin.token })).status,
    ).toBe(200);
    const tooSoon = await t.call('POST', `/v1/admin/user/${other.user._id}/verification-code`, { token: admin.token });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 404 for no such user', async () => {
    const res = await t.call('POST', '/v1/admin/user/00000000-0000-4000-8000-000000000000/verification-code', {
      token: admin.token,
    });
    expect(res.status).toBe(404);
  });
});

describe('DELETE /api/v1/admin/user/{id}/sessions', () => {
  it('ends every session of the user and says how many; audit row', async () => {
    const person = await signUp(t);
    const second = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: person.email, password: person.password },
      ip: freshIp(),
    });
    expect(second.status).toBe(200);
    const since = await lastAuditSeq(t);
    const res = await t.call('DELETE', `/v1/admin/user/${person.user._id}/sessions`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Ended 2 sessions', ended: 2 });
    expect((await t.call('GET', '/v1/auth/user', { token: person.token })).status).toBe(401);
    expect((await t.call('GET', '/v1/auth/user', { token: second.body.token })).status).toBe(401);
    const [row] = await auditSince(t, since);
    expect(row).toMatchObject({ action: 'user.end-sessions', targetId: person.user._id, detail: { sessions: 2 } });
    // The account itself is untouched: it can sign in again.
    const back = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: person.email, password: person.password },
      ip: freshIp(),
    });
    expect(back.status).toBe(200);
  });
});
