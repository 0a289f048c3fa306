// /api/v1/account/password: a change (other sessions end, a notice is mailed), its refusals and its share
// of the sign-in limit; and the first password of a Google-only account, set with a mailed code. The
// fixture: tests/helpers/account-api.ts.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { oneTimeCodes, users } from '../../src/server/db/schema.ts';
import { authed, FIREFOX, googleOnly, SAFARI_IOS, signIn, smtp, t, useAccountApi } from '../helpers/account-api.ts';
import { codeFor } from '../helpers/oidc-provider.ts';
import { extractCode } from '../helpers/smtp-catcher.ts';
import { freshIp, proveAddress, signUp } from '../helpers/api.ts';

useAccountApi();

describe('POST /api/v1/account/password', () => {
  it('changes the password, ends every other session, keeps this one, and mails a notice', async () => {
    const acc = await signUp(t);
    await proveAddress(t, smtp, acc);
    const laptop = await signIn(acc, FIREFOX);
    const phone = await signIn(acc, SAFARI_IOS);
    const res = await t.call('POST', '/v1/account/password', {
      token: laptop,
      body: { currentPassword: acc.password, newPassword: 'a-brand-new-secret' },
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Password changed. Every other device has been signed out.' });
    expect((await authed(laptop)).status).toBe(200);
    expect((await authed(phone)).status).toBe(401);
    expect((await authed(acc.token)).status).toBe(401);
    const old = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: acc.email, password: acc.password },
      ip: freshIp(),
    });
    expect(old.status).toBe(401);
    await signIn({ email: acc.email, password: 'a-brand-new-secret' });

    const mail = await smtp.waitFor((m) => m.to === acc.email && /password was changed/i.test(m.subject));
    expect(mail.text).toContain('from Firefox 128 on Windows');
    expect(mail.text).toContain(
      'If this was not you, reset your password now at http://localhost:4321/forgot-password',
    );
  });

  it('answers 401 for a wrong current password and changes nothing', async () => {
    const acc = await signUp(t);
    const other = await signIn(acc);
    const res = await t.call('POST', '/v1/account/password', {
      token: acc.token,
      body: { currentPassword: 'not-my-password', newPassword: 'whatever-new-one' },
      ip: freshIp(),
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      message: 'Incorrect password',
      issues: [{ path: 'currentPassword', message: 'Incorrect password' }],
    });
    expect((await authed(other)).status).toBe(200);
    expect((await authed(acc.token)).status).toBe(200);
    await signIn(acc);
  });

  it('answers 401 without a token', async () => {
    const res = await t.call('POST', '/v1/account/password', {
      body: { currentPassword: 'x-x-x-x', newPassword: 'y-y-y-y-y' },
    });
    expect(res.status).toBe(401);
  });

  it('answers 400 for a missing current password, a short, common or unchanged new one', async () => {
    const acc = await signUp(t);
    const call = (body: unknown) => t.call('POST', '/v1/account/password', { token: acc.token, body, ip: freshIp() });
    const missing = await call({ newPassword: 'fine-new-password' });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([{ path: 'currentPassword', message: 'Enter your current password' }]);
    const short = await call({ currentPassword: acc.password, newPassword: '12345' });
    expect(short.body.issues).toEqual([{ path: 'newPassword', message: 'Password must be at least 6 characters' }]);
    const common = await call({ currentPassword: acc.password, newPassword: 'Password123' });
    expect(common.status).toBe(400);
    expect(common.body.issues).toEqual([{ path: 'newPassword', message: expect.stringMatching(/too common/) }]);
    const same = await call({ currentPassword: acc.password, newPassword: acc.password });
    expect(same.status).toBe(400);
    expect(same.body.issues[0].path).toBe('newPassword');
    await signIn(acc);
  });

  it('counts password checks against the sign-in limit of that address and e-mail', async () => {
    const acc = await signUp(t);
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.call('POST', '/v1/account/password', {
        token: acc.token,
        body: { currentPassword: `wrong-guess-${i}`, newPassword: 'new-password-x' },
        ip,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // The same window holds for signing in from there: the guesses were not free.
    const signInThere = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: acc.email, password: acc.password },
      ip,
    });
    expect(signInThere.status).toBe(429);
    expect(Number(signInThere.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('first password of a Google-only account (POST /api/v1/account/code, then /password with otp)', () => {
  it('mails a code, then sets the password with it; a notice follows; the password then signs in', async () => {
    const g = await googleOnly('gpw');
    const other = (
      await t.call(
        'GET',
        `/v1/auth/google?code=${codeFor({ sub: `sub-${g.email}`, email: g.email, name: 'Google Person' })}`,
        { ip: freshIp() },
      )
    ).body.token;
    expect((await t.call('GET', '/v1/account', { token: g.token })).body.user.hasPassword).toBe(false);
    const sent = await t.call('POST', '/v1/account/code', {
      token: g.token,
      body: { purpose: 'set-password' },
      ip: freshIp(),
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, message: 'We sent a 6-digit code to your e-mail' });
    const mail = await smtp.waitFor((m) => m.to === g.email && /Set a password/.test(m.subject));
    const otp = extractCode(mail.text);

    const withoutCode = await t.call('POST', '/v1/account/password', {
      token: g.token,
      body: { newPassword: 'first-password-1' },
      ip: freshIp(),
    });
    expect(withoutCode.status).toBe(400);
    expect(withoutCode.body.issues[0].path).toBe('otp');
    const wrong = await t.call('POST', '/v1/account/password', {
      token: g.token,
      body: { otp: otp === '000000' ? '111111' : '000000', newPassword: 'first-password-1' },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(400);

    const res = await t.call('POST', '/v1/account/password', {
      token: g.token,
      body: { otp, newPassword: 'first-password-1' },
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password set. Every other device has been signed out.');
    expect((await authed(other)).status).toBe(401);
    expect((await t.call('GET', '/v1/account', { token: g.token })).body.user.hasPassword).toBe(true);
    await signIn({ email: g.email, password: 'first-password-1' });
    await smtp.waitFor((m) => m.to === g.email && /password was set/i.test(m.subject));
    // The code was used up with the change.
    const [row] = await t.api.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, g.id), eq(oneTimeCodes.purpose, 'set-password')));
    expect(row!.consumedAt).not.toBeNull();
  });

  it('refuses a code request from an account that has a password, and a second one within a minute', async () => {
    const acc = await signUp(t);
    const res = await t.call('POST', '/v1/account/code', {
      token: acc.token,
      body: { purpose: 'set-password' },
      ip: freshIp(),
    });
    expect(res.status).toBe(400);
    const g = await googleOnly('gtwice');
    expect(
      (await t.call('POST', '/v1/account/code', { token: g.token, body: { purpose: 'delete-account' }, ip: freshIp() }))
        .status,
    ).toBe(200);
    const again = await t.call('POST', '/v1/account/code', {
      token: g.token,
      body: { purpose: 'delete-account' },
      ip: freshIp(),
    });
    expect(again.status).toBe(429);
    expect(
      (await t.call('POST', '/v1/account/code', { token: g.token, body: { purpose: 'other' }, ip: freshIp() })).status,
    ).toBe(400);
    expect((await t.call('POST', '/v1/account/code', { body: { purpose: 'set-password' } })).status).toBe(401);
    const [user] = await t.api.db.select().from(users).where(eq(users.id, g.id));
    expect(user!.passwordHash).toBeNull();
  });
});
