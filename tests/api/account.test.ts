// /api/v1/account: profile, devices, password change, and the first password of a Google-only account.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, sessions, users } from '../../src/server/db/schema.ts';
import { codeFor, startOidcProvider, type OidcProvider } from '../helpers/oidc-provider.ts';
import { extractCode, startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.ts';
import { freshIp, proveAddress, signUp, startTestApi, type TestApi } from '../helpers/api.ts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApi;
let smtp: SmtpCatcher;
let idp: OidcProvider;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  idp = await startOidcProvider();
  t = await startTestApi({ SMTP_URL: smtp.url, SITE_URL: 'http://localhost:4321', ...idp.env });
});
afterAll(async () => {
  await t.close();
  await idp.close();
  await smtp.close();
});

async function signIn(acc: { email: string; password: string }, userAgent?: string, ip = freshIp()) {
  const res = await t.call('POST', '/v1/auth/sign-in', {
    body: { email: acc.email, password: acc.password },
    ip,
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

/** An account made through Google that never set a password. */
async function googleOnly(tag: string) {
  const email = `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await t.call(
    'GET',
    `/v1/auth/google?code=${codeFor({ sub: `sub-${email}`, email, name: 'Google Person' })}`,
    { ip: freshIp() },
  );
  expect(res.status).toBe(200);
  return { token: res.body.token as string, email, id: res.body.user._id as string };
}

const authed = (token: string) => t.call('GET', '/v1/auth/user', { token });

describe('GET and PATCH /api/v1/account', () => {
  it('answers the account with hasPassword and createdAt', async () => {
    const acc = await signUp(t);
    const res = await t.call('GET', '/v1/account', { token: acc.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      user: { ...acc.user, hasPassword: true, createdAt: expect.any(String) },
    });
  });

  it('changes the name (trimmed) and answers the user', async () => {
    const acc = await signUp(t);
    const res = await t.call('PATCH', '/v1/account', { token: acc.token, body: { name: '  Ada Byron  ' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Profile updated', user: { ...acc.user, name: 'Ada Byron' } });
    expect((await authed(acc.token)).body.userData.name).toBe('Ada Byron');
  });

  it("refuses a name under 2 characters with the spec's message, and a missing or over-long one", async () => {
    const acc = await signUp(t);
    const short = await t.call('PATCH', '/v1/account', { token: acc.token, body: { name: ' A ' } });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({
      success: false,
      message: 'Name must be at least 2 characters',
      issues: [{ path: 'name', message: 'Name must be at least 2 characters' }],
    });
    expect((await t.call('PATCH', '/v1/account', { token: acc.token, body: {} })).status).toBe(400);
    expect((await t.call('PATCH', '/v1/account', { token: acc.token, body: { name: 'x'.repeat(101) } })).status).toBe(
      400,
    );
    expect((await authed(acc.token)).body.userData.name).toBe(acc.user.name);
  });

  it('answers 401 without a token or with a forged one', async () => {
    for (const token of [undefined, 'forged']) {
      const get = await t.call('GET', '/v1/account', { token });
      const patch = await t.call('PATCH', '/v1/account', { token, body: { name: 'Mallory' } });
      expect([get.status, patch.status]).toEqual([401, 401]);
      expect(patch.body.success).toBe(false);
    }
  });
});

describe('GET /api/v1/account/sessions', () => {
  it('lists every live device with browser and OS, marking the current one', async () => {
    const acc = await signUp(t);
    const firefox = await signIn(acc, FIREFOX);
    await signIn(acc, SAFARI_IOS);
    const res = await t.call('GET', '/v1/account/sessions', { token: firefox });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toHaveLength(3);
    const devices = res.body.data.map((s: { device: string }) => s.device).sort();
    expect(devices).toEqual(['Firefox 128 on Windows', 'Safari 17 on iOS', 'Unknown device']);
    const current = res.body.data.filter((s: { current: boolean }) => s.current);
    expect(current).toEqual([
      {
        _id: expect.any(String),
        current: true,
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        device: 'Firefox 128 on Windows',
      },
    ]);
  });

  it('leaves out expired sessions and other users’ sessions', async () => {
    const acc = await signUp(t);
    const other = await signUp(t);
    // The signup's session expired (the clock is shared by the file, so the row is aged instead).
    await t.api.db
      .update(sessions)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(sessions.userId, acc.user._id));
    const fresh = await signIn(acc);
    const res = await t.call('GET', '/v1/account/sessions', { token: fresh });
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].current).toBe(true);
    const [otherRow] = await t.api.db.select().from(sessions).where(eq(sessions.userId, other.user._id));
    expect(res.body.data.map((s: { _id: string }) => s._id)).not.toContain(otherRow!.id);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/v1/account/sessions')).status).toBe(401);
  });
});

describe('DELETE /api/v1/account/sessions/{id}', () => {
  it('ends that session: its token answers 401 from then on, the others keep working', async () => {
    const acc = await signUp(t);
    const phone = await signIn(acc, SAFARI_IOS);
    const list = await t.call('GET', '/v1/account/sessions', { token: acc.token });
    const target = list.body.data.find((s: { device: string }) => s.device === 'Safari 17 on iOS');
    expect((await authed(phone)).status).toBe(200);
    const res = await t.call('DELETE', `/v1/account/sessions/${target._id}`, { token: acc.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Signed out of that device' });
    expect((await authed(phone)).status).toBe(401);
    expect((await t.call('GET', '/v1/account/sessions', { token: phone })).status).toBe(401);
    expect((await authed(acc.token)).status).toBe(200);
    // Ended is ended: a second try finds nothing.
    expect((await t.call('DELETE', `/v1/account/sessions/${target._id}`, { token: acc.token })).status).toBe(404);
  });

  it("answers 404 for another user's session and leaves it alone", async () => {
    const mine = await signUp(t);
    const theirs = await signUp(t);
    const [row] = await t.api.db.select().from(sessions).where(eq(sessions.userId, theirs.user._id));
    const res = await t.call('DELETE', `/v1/account/sessions/${row!.id}`, { token: mine.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: 'Session not found' });
    expect((await authed(theirs.token)).status).toBe(200);
    // The same id in capitals is the same id.
    expect(
      (await t.call('DELETE', `/v1/account/sessions/${row!.id.toUpperCase()}`, { token: mine.token })).status,
    ).toBe(404);
  });

  it('answers 404 for an unknown id, 400 for a malformed one, 401 without a token', async () => {
    const acc = await signUp(t);
    expect(
      (await t.call('DELETE', '/v1/account/sessions/00000000-0000-4000-8000-000000000000', { token: acc.token }))
        .status,
    ).toBe(404);
    const bad = await t.call('DELETE', '/v1/account/sessions/not-a-uuid', { token: acc.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Malformed id');
    expect((await t.call('DELETE', '/v1/account/sessions/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });
});

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

describe('/api/openapi.json', () => {
  it('documents every account call, each behind the bearer scheme', async () => {
    const { body } = await t.call('GET', '/openapi.json');
    const calls: Array<[string, string]> = [
      ['/v1/account', 'get'],
      ['/v1/account', 'patch'],
      ['/v1/account/password', 'post'],
      ['/v1/account/code', 'post'],
      ['/v1/account/export', 'get'],
      ['/v1/account/enquiries', 'get'],
      ['/v1/account/delete', 'post'],
      ['/v1/account/sessions', 'get'],
      ['/v1/account/sessions/{id}', 'delete'],
    ];
    for (const [path, method] of calls) {
      const op = body.paths[`/api${path}`]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.security, `${method} ${path}`).toEqual([{ bearer: [] }]);
      expect(op.responses['401'], `${method} ${path}`).toBeDefined();
    }
    expect(body.paths['/api/v1/account/export'].get.responses['200'].headers['Content-Disposition']).toBeDefined();
  });
});
