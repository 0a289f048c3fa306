// Mail a stranger could aim at someone else's address: notices about an account go only to an address
// its owner proved, code mails to one address are capped per day, and no mail repeats User-Agent text.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../src/server/db/schema.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';
import { freshIp, proveAddress, signUp, startTestApi, type Account, type TestApi } from '../helpers/api.ts';

const HOSTILE_UA = 'URGENT: account locked, visit evil.example/unlock';
const HOSTILE_UA_2 = 'VisitEvilExampleNow/1.0 (Windows NT 10.0) call evil.example';

let t: TestApi;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApi({ SMTP_URL: smtp.url, SITE_URL: 'http://localhost:4321' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Signs in with the given User-Agent and changes the password `times` times on that session. */
async function changePasswords(acc: Account, userAgent: string, times: number): Promise<void> {
  const signIn = await t.call('POST', '/v1/auth/sign-in', {
    body: { email: acc.email, password: acc.password },
    ip: freshIp(),
    headers: { 'user-agent': userAgent },
  });
  expect(signIn.status).toBe(200);
  let current = acc.password;
  for (let i = 0; i < times; i++) {
    const next = `${acc.password}-changed-${i}`;
    const res = await t.call('POST', '/v1/account/password', {
      token: signIn.body.token,
      body: { currentPassword: current, newPassword: next },
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    current = next;
  }
}

const mailsTo = (address: string) => smtp.messages.filter((m) => m.to === address);

describe('notices about an account', () => {
  it('never reach an address nobody proved: 10 password changes and a deletion mail it nothing', async () => {
    const stranger = await signUp(t, { email: `victim-${Math.random().toString(36).slice(2, 8)}@example.com` });
    await changePasswords(stranger, HOSTILE_UA, 10);
    // The same changes on a proved account are mailed: the barrier that shows the outbox ran.
    const owner = await signUp(t);
    await proveAddress(t, smtp, owner);
    await changePasswords(owner, HOSTILE_UA, 1);
    await t.api.drainOutbox();
    await smtp.waitFor((m) => m.to === owner.email && /password was changed/i.test(m.subject));

    const signIn = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: stranger.email, password: `${stranger.password}-changed-9` },
      ip: freshIp(),
    });
    const deleted = await t.call('POST', '/v1/account/delete', {
      token: signIn.body.token,
      body: { password: `${stranger.password}-changed-9` },
      ip: freshIp(),
    });
    expect(deleted.status).toBe(200);
    await t.api.drainOutbox();
    expect(await t.api.db.select().from(outbox).where(eq(outbox.to, stranger.email))).toEqual([]);
    expect(mailsTo(stranger.email)).toEqual([]);
  });

  it('name the device from known browser and system names only, never from the header text', async () => {
    const owner = await signUp(t);
    await proveAddress(t, smtp, owner);
    await changePasswords(owner, HOSTILE_UA_2, 1);
    const mail = await smtp.waitFor((m) => m.to === owner.email && /password was changed/i.test(m.subject));
    expect(mail.text).toMatch(/from (Unknown device|Windows)\. Every other device was signed out\./);
    for (const m of smtp.messages) {
      for (const part of [m.subject, m.text, m.html]) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('URGENT');
        expect(part).not.toContain('VisitEvil');
      }
    }
  });
});

describe('code mails to one address', () => {
  it('stop at 10 a day, however slowly they are asked for', async () => {
    const acc = await signUp(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await t.call('POST', '/v1/auth/verify-otp', { token: acc.token, ip: freshIp() })).status);
      // Past the per-minute window, and 5 an hour at most.
      t.clock.advance(13 * 60_000);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect(mailsTo(acc.email).filter((m) => /Verify your e-mail/.test(m.subject))).toHaveLength(10);
  });
});
