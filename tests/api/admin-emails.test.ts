// ADMIN_EMAILS: a listed address (any case) makes its account an admin once the address is verified,
// not before; accounts verified earlier are promoted at start; each promotion is audited as the system.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { users } from '../../src/server/db/schema.ts';
import { auditSince, lastAuditSeq } from '../helpers/admin.ts';
import { freshIp, signUp, startTestApi, type TestApi } from '../helpers/api.ts';
import { extractCode, startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';

let t: TestApi;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApi({ SMTP_URL: smtp.url, ADMIN_EMAILS: ' First.Admin@Example.com ,ops@example.com' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const isAdminNow = async (token: string) => (await t.call('GET', '/v1/auth/user', { token })).body.userData.isAdmin;
const adminCall = (token: string) => t.call('GET', '/v1/admin/stats?days=30', { token });

async function verify(token: string, email: string) {
  const mark = smtp.messages.length;
  expect((await t.call('POST', '/v1/auth/verify-otp', { token, ip: freshIp() })).status).toBe(200);
  const mail = await smtp.waitFor((m) => m.to === email && smtp.messages.indexOf(m) >= mark);
  const res = await t.call('POST', '/v1/auth/verify-account', {
    token,
    body: { otp: extractCode(mail.text) },
    ip: freshIp(),
  });
  expect(res.status).toBe(200);
}

describe('ADMIN_EMAILS', () => {
  it('makes a listed address (in another case) an admin when it is verified, not before, and audits it', async () => {
    const acc = await signUp(t, { email: 'first.admin@EXAMPLE.com' });
    expect(await isAdminNow(acc.token)).toBe(false);
    expect((await adminCall(acc.token)).status).toBe(403);

    const seq = await lastAuditSeq(t);
    await verify(acc.token, 'first.admin@example.com');
    expect(await isAdminNow(acc.token)).toBe(true);
    expect((await adminCall(acc.token)).status).toBe(200);
    const entries = await auditSince(t, seq);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'user.grant-admin',
        actorId: null,
        targetId: acc.user._id,
        targetLabel: 'first.admin@example.com',
        detail: { reason: 'ADMIN_EMAILS' },
      }),
    ]);
  });

  it('leaves an address that is not listed a plain user after verification', async () => {
    const acc = await signUp(t, { email: 'not.listed@example.com' });
    await verify(acc.token, 'not.listed@example.com');
    expect(await isAdminNow(acc.token)).toBe(false);
    expect((await adminCall(acc.token)).status).toBe(403);
  });

  it('promotes at start an account verified before the list named it, once', async () => {
    const acc = await signUp(t, { email: 'later@example.com' });
    await verify(acc.token, 'later@example.com');
    expect(await isAdminNow(acc.token)).toBe(false);
    const seq = await lastAuditSeq(t);
    const config = loadConfig({ ...configEnv(t), ADMIN_EMAILS: 'LATER@example.com' });
    t.api = await reopen(config);
    t.api = await reopen(config);
    const [row] = await t.api.db.select().from(users).where(eq(users.email, 'later@example.com'));
    expect(row!.isAdmin).toBe(true);
    // The second start found nothing more to do: one audit entry.
    expect((await auditSince(t, seq)).map((e) => [e.action, e.targetLabel])).toEqual([
      ['user.grant-admin', 'later@example.com'],
    ]);
  });
});

function configEnv(test: TestApi): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: test.dataDir,
    LOG_LEVEL: 'silent',
    SMTP_URL: smtp.url,
    ...(test.databaseUrl ? { DATABASE_URL: test.databaseUrl } : {}),
  };
}

async function reopen(config: ReturnType<typeof loadConfig>) {
  await t.api.close();
  return t.reopen(config);
}
