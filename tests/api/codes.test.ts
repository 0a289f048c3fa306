// One-time codes over real SMTP: password reset and e-mail verification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../src/server/db/schema.ts';
import { extractCode, startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';
import { freshIp, signUp, startTestApi, type Account, type TestApi } from '../helpers/api.ts';

let t: TestApi;
let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApi({ SMTP_URL: smtp.url, MAIL_FROM: 'Vyoma Labs <no-reply@example.com>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const MINUTE = 60_000;
const since = () => smtp.messages.length;
async function codeMailTo(email: string, after: number) {
  const mail = await smtp.waitFor((m) => m.to === email && smtp.messages.indexOf(m) >= after);
  return { mail, code: extractCode(mail.text) };
}
async function requestReset(acc: Account) {
  const mark = since();
  const res = await t.call('POST', '/v1/auth/reset-otp', { body: { email: acc.email }, ip: freshIp() });
  expect(res.status).toBe(200);
  return (await codeMailTo(acc.email, mark)).code;
}
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const reset = (acc: Account, otp: string, NewPassword = 'brand-new-secret', ip = freshIp()) =>
  t.call('POST', '/v1/auth/reset-password', { body: { email: acc.email, NewPassword, otp }, ip });
const signIn = (acc: Account, password: string) =>
  t.call('POST', '/v1/auth/sign-in', { body: { email: acc.email, password }, ip: freshIp() });

describe('POST /api/v1/auth/reset-otp', () => {
  it('mails a 6-digit code (text and HTML, with the company name) and answers 200', async () => {
    const acc = await signUp(t);
    const mark = since();
    const res = await t.call('POST', '/v1/auth/reset-otp', { body: { email: acc.email }, ip: freshIp() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'If an account exists for that address, a code has been sent.',
    });
    const { mail, code } = await codeMailTo(acc.email, mark);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toContain('Reset your password');
    expect(mail.text).toContain('Vyoma Labs');
    expect(mail.html).toContain(code);
    expect(mail.from).toBe('no-reply@example.com');
  });

  it('answers byte-for-byte the same for an unknown address, and mails nothing', async () => {
    const acc = await signUp(t);
    const known = await t.call('POST', '/v1/auth/reset-otp', { body: { email: acc.email }, ip: freshIp() });
    const mark = since();
    const unknown = await t.call('POST', '/v1/auth/reset-otp', {
      body: { email: 'nobody-here@example.com' },
      ip: freshIp(),
    });
    expect(unknown.status).toBe(known.status);
    expect(JSON.stringify(unknown.body)).toBe(JSON.stringify(known.body));
    expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());
    // Once the work after both replies has finished (lookups, codes, the known address's mail), no mail
    // went to the unknown address.
    await t.api.settled();
    expect(smtp.messages.slice(mark).some((m) => m.to === 'nobody-here@example.com')).toBe(false);
    // The limits are the same too: a second request within the minute is 429 for both.
    const knownAgain = await t.call('POST', '/v1/auth/reset-otp', { body: { email: acc.email }, ip: freshIp() });
    const unknownAgain = await t.call('POST', '/v1/auth/reset-otp', {
      body: { email: 'nobody-here@example.com' },
      ip: freshIp(),
    });
    expect(knownAgain.status).toBe(429);
    expect(unknownAgain.status).toBe(429);
    expect(unknownAgain.body).toEqual(knownAgain.body);
  });

  it('allows one code mail a minute and five an hour per address (429 with Retry-After)', async () => {
    const acc = await signUp(t);
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < 6; i++) {
      const first = await t.call('POST', '/v1/auth/reset-otp', { body: { email: acc.email }, ip: freshIp() });
      const second = await t.call('POST', '/v1/auth/reset-otp', { body: { email: acc.email }, ip: freshIp() });
      statuses.push(first.status, second.status);
      if (i === 0) retryAfter = Number(second.headers.get('retry-after'));
      t.clock.advance(MINUTE + 1000);
    }
    expect(statuses).toEqual([200, 429, 200, 429, 200, 429, 200, 429, 200, 429, 429, 429]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    t.clock.advance(60 * MINUTE);
  });

  it('answers 400 for an invalid address', async () => {
    const res = await t.call('POST', '/v1/auth/reset-otp', { body: { email: 'not-an-email' }, ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'email', message: 'Please enter a valid email address' }]);
  });
});

describe('POST /api/v1/auth/reset-password', () => {
  it('sets the new password and ends every session', async () => {
    const acc = await signUp(t);
    const second = (await signIn(acc, acc.password)).body.token as string;
    const code = await requestReset(acc);
    const res = await reset(acc, code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Password reset successfully' });
    for (const token of [acc.token, second]) expect((await t.call('GET', '/v1/auth/user', { token })).status).toBe(401);
    expect((await signIn(acc, acc.password)).status).toBe(401);
    expect((await signIn(acc, 'brand-new-secret')).status).toBe(200);
    // Single use.
    expect((await reset(acc, code, 'yet-another-secret')).status).toBe(400);
  });

  it('refuses a wrong code, and after 5 wrong tries the right one too', async () => {
    const acc = await signUp(t);
    const code = await requestReset(acc);
    const wrong = wrongOf(code);
    const bodies = [];
    for (let i = 0; i < 5; i++) bodies.push(await reset(acc, wrong));
    expect(bodies.map((b) => b.status)).toEqual([400, 400, 400, 400, 400]);
    // One answer for every failure, so that it tells nothing about the address (see abuse.test.ts).
    const refused = { success: false, message: 'Invalid or expired code. Please request a new one.' };
    for (const b of bodies) expect(b.body).toEqual(refused);
    const right = await reset(acc, code);
    expect(right.status).toBe(400);
    expect(right.body).toEqual(refused);
    expect((await signIn(acc, acc.password)).status).toBe(200);
  });

  it('refuses an expired code (10 minutes)', async () => {
    const acc = await signUp(t);
    const code = await requestReset(acc);
    t.clock.advance(10 * MINUTE + 1000);
    const res = await reset(acc, code);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/expired/);
  });

  it('voids the old code when a new one is sent', async () => {
    const acc = await signUp(t);
    const first = await requestReset(acc);
    t.clock.advance(MINUTE + 1000);
    const second = await requestReset(acc);
    if (first !== second) expect((await reset(acc, first)).status).toBe(400);
    expect((await reset(acc, second)).status).toBe(200);
  });

  it('of two concurrent uses of one code exactly one succeeds', async () => {
    const acc = await signUp(t);
    const code = await requestReset(acc);
    const results = await Promise.all([reset(acc, code, 'first-new-secret'), reset(acc, code, 'second-new-secret')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]!.status === 200 ? 'first-new-secret' : 'second-new-secret';
    expect((await signIn(acc, winner)).status).toBe(200);
  });

  it('answers 400 for an unknown address, a bad body and a common password', async () => {
    const unknown = await t.call('POST', '/v1/auth/reset-password', {
      body: { email: 'ghost@example.com', NewPassword: 'whatever-secret', otp: '123456' },
      ip: freshIp(),
    });
    expect(unknown.status).toBe(400);
    const bad = await t.call('POST', '/v1/auth/reset-password', {
      body: { email: 'x', NewPassword: '1', otp: '12' },
      ip: freshIp(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['NewPassword', 'email', 'otp']);
    expect(bad.body.issues.find((i: { path: string }) => i.path === 'otp').message).toBe('OTP must be 6 digits');
    const acc = await signUp(t);
    const common = await reset(acc, '123456', 'qwerty123');
    expect(common.status).toBe(400);
    expect(common.body.issues[0].path).toBe('NewPassword');
  });

  it('answers 429 after 30 checks a minute from one address', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (
        await t.call('POST', '/v1/auth/reset-password', {
          body: { email: `g${i}@example.com`, NewPassword: 'whatever-secret', otp: '123456' },
          ip,
        })
      ).status;
    }
    expect(last).toBe(429);
  });
});

describe('POST /api/v1/auth/verify-otp and /verify-account', () => {
  it("mails the signed-in user's own address, whatever the body says, then verifies", async () => {
    const acc = await signUp(t);
    const mark = since();
    const res = await t.call('POST', '/v1/auth/verify-otp', {
      token: acc.token,
      body: { email: 'someone-else@example.com' },
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Verification code sent to your email' });
    const { mail, code } = await codeMailTo(acc.email, mark);
    expect(mail.subject).toContain('Verify your e-mail address');
    expect(smtp.messages.some((m) => m.to === 'someone-else@example.com')).toBe(false);

    const wrong = await t.call('POST', '/v1/auth/verify-account', {
      token: acc.token,
      body: { otp: wrongOf(code) },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(400);
    const ok = await t.call('POST', '/v1/auth/verify-account', {
      token: acc.token,
      body: { otp: code },
      ip: freshIp(),
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: 'Email verified successfully' });
    expect((await t.call('GET', '/v1/auth/user', { token: acc.token })).body.userData.isAccountVerified).toBe(true);
    // Verified accounts get 400 from both.
    expect((await t.call('POST', '/v1/auth/verify-otp', { token: acc.token, body: {}, ip: freshIp() })).status).toBe(
      400,
    );
    const again = await t.call('POST', '/v1/auth/verify-account', {
      token: acc.token,
      body: { otp: code },
      ip: freshIp(),
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Your account is already verified');
  });

  it('answer 401 without a token', async () => {
    expect((await t.call('POST', '/v1/auth/verify-otp', { body: {} })).status).toBe(401);
    expect((await t.call('POST', '/v1/auth/verify-account', { body: { otp: '123456' } })).status).toBe(401);
  });

  it('verify-otp: 429 within the minute; verify-account: 400 for a malformed code', async () => {
    const acc = await signUp(t);
    expect((await t.call('POST', '/v1/auth/verify-otp', { token: acc.token, ip: freshIp() })).status).toBe(200);
    const again = await t.call('POST', '/v1/auth/verify-otp', { token: acc.token, ip: freshIp() });
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBeTruthy();
    const bad = await t.call('POST', '/v1/auth/verify-account', {
      token: acc.token,
      body: { otp: '12ab56' },
      ip: freshIp(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'otp', message: 'OTP must be 6 digits' }]);
  });

  it('verify-otp answers 503 when the mail server is down', async () => {
    const down = await startTestApi({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const acc = await signUp(down);
      const res = await down.call('POST', '/v1/auth/verify-otp', { token: acc.token, ip: freshIp() });
      expect(res.status).toBe(503);
      expect(res.body.success).toBe(false);
    } finally {
      await down.close();
    }
  });
});

describe('what the database holds', () => {
  it('never a raw code', async () => {
    const acc = await signUp(t);
    const code = await requestReset(acc);
    const rows = await t.api.db.select().from(oneTimeCodes);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });
});
