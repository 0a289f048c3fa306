// /api/v1/account: the profile (read and rename), the devices signed in (listed, one ended), and the
// account calls in /api/openapi.json. The fixture: tests/helpers/account-api.ts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema.ts';
import { authed, FIREFOX, SAFARI_IOS, signIn, t, useAccountApi } from '../helpers/account-api.ts';
import { signUp } from '../helpers/api.ts';

useAccountApi();

describe('GET and PATCH /api/v1/account', () => {
  it('answers the account with hasPassword and createdAt', async () => {
    const acc = await signUp(t);
    const res = await t.call('GET', '/v1/account', { token: acc.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      user: { ...acc.user, locale: 'en', hasPassword: true, createdAt: expect.any(String) },
    });
  });

  it('changes the name (trimmed) and answers the user', async () => {
    const acc = await signUp(t);
    const res = await t.call('PATCH', '/v1/account', { token: acc.token, body: { name: '  Ada Byron  ' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Profile updated',
      user: { ...acc.user, name: 'Ada Byron', locale: 'en' },
    });
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
