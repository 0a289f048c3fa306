// What is left of an account after it is gone: the audit log keeps each action and the account's id under
// a pseudonym, and the outbox keeps no address, name or text of the mails about it. For an account its
// owner deleted (at once) and for one an admin deleted (when the trash is purged).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_ACCOUNT } from '../../src/server/account/forget.ts';
import { auditLog } from '../../src/server/db/schema.ts';
import { LIMITS } from '../../src/lib/constants.ts';
import { makeAdmin, rawRows } from '../helpers/admin.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';
import {
  freshIp,
  signUp,
  startTestApi,
  typeMailedVerificationCode,
  type Account,
  type TestApi,
} from '../helpers/api.ts';

let t: TestApi;
let smtp: SmtpCatcher;
let admin: Account;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApi({ SMTP_URL: smtp.url });
  admin = await makeAdmin(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** An account whose name an admin changed and to which a code and a notice were mailed. */
async function historyOf(tag: string): Promise<Account & { names: string[] }> {
  const acc = await signUp(t, { name: `Original ${tag}`, email: `${tag}-${Date.now()}@example.com` });
  const renamed = await t.call('PATCH', `/v1/admin/user/${acc.user._id}`, {
    token: admin.token,
    body: { name: `Renamed ${tag}` },
  });
  expect(renamed.status).toBe(200);
  const code = await t.call('POST', `/v1/admin/user/${acc.user._id}/verification-code`, { token: admin.token });
  expect(code.status).toBe(200);
  // The owner proves the address with the code the admin had mailed.
  await typeMailedVerificationCode(t, smtp, acc);
  return { ...acc, names: [`Original ${tag}`, `Renamed ${tag}`] };
}

async function leftOver(acc: Account & { names: string[] }) {
  // A pass after the last mail has gone: its row is marked (and erased) by then.
  await t.api.drainOutbox();
  const audit = await t.api.db.select().from(auditLog).where(eq(auditLog.targetId, acc.user._id));
  const mails = await rawRows(t, sql`SELECT * FROM outbox WHERE account_id = ${acc.user._id} OR "to" = ${acc.email}`);
  const everything = JSON.stringify([audit, mails, await t.api.db.select().from(auditLog)]);
  for (const personal of [acc.email, ...acc.names]) expect(everything).not.toContain(personal);
  return { audit, mails };
}

describe('after an account is deleted', () => {
  it('by its owner: the audit log keeps actions and the id, the outbox no address or text', async () => {
    const acc = await historyOf('owner');
    const deleted = await t.call('POST', '/v1/account/delete', {
      token: acc.token,
      body: { password: acc.password },
      ip: freshIp(),
    });
    expect(deleted.status).toBe(200);
    await smtp.waitFor((m) => m.to === acc.email && /account was deleted/i.test(m.subject));

    const { audit, mails } = await leftOver(acc);
    expect(audit.map((r) => [r.action, r.targetLabel]).sort()).toEqual([
      ['user.resend-code', DELETED_ACCOUNT],
      ['user.update', DELETED_ACCOUNT],
    ]);
    // The code mail and the confirmation were delivered; both rows remain, erased.
    expect(mails.length).toBe(2);
    for (const m of mails) expect(m.sent_at).not.toBeNull();
  });

  it('by an admin: the same once the trash is purged (until then it can be restored as it was)', async () => {
    const acc = await historyOf('trashed');
    expect((await t.call('DELETE', `/v1/admin/user/delete/${acc.user._id}`, { token: admin.token })).status).toBe(200);
    const [inTrash] = await t.api.db.select().from(auditLog).where(eq(auditLog.action, 'user.delete'));
    expect(inTrash!.targetLabel).toBe(acc.email);

    t.clock.advance((LIMITS.trashDays + 1) * 86_400_000);
    await t.api.purge();
    const { audit } = await leftOver(acc);
    expect(audit.map((r) => r.action).sort()).toEqual(['user.delete', 'user.resend-code', 'user.update']);
    for (const r of audit) expect(r.targetLabel).toBe(DELETED_ACCOUNT);
  });
});
