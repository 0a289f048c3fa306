// /api/v1/account: the user's own enquiries (linked by the contact form's bearer token), the data
// export, and deleting the account.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enquiries, identities, oneTimeCodes, sessions, users } from '../../src/server/db/schema.ts';
import { setAdmin } from '../../src/server/cli/admin-commands.ts';
import { codeFor } from '../helpers/oidc-provider.ts';
import { extractCode } from '../helpers/smtp-catcher.ts';
import { smtp, t, useAccountApi } from '../helpers/account-api.ts';
import { freshIp, proveAddress, signUp, type Account } from '../helpers/api.ts';

useAccountApi();

const enquiry = (message: string) => ({
  name: 'Jane Client',
  email: 'jane@client.example',
  phoneNumber: '+44 20 7946 0000',
  message,
});
const send = (message: string, token?: string) =>
  t.call('POST', '/form/contact', { body: enquiry(message), token, ip: freshIp() });

describe('POST /api/form/contact with a bearer token, and GET /api/v1/account/enquiries', () => {
  it('links an enquiry sent with a valid token to the account, and lists it with its status', async () => {
    const acc = await signUp(t);
    expect((await send('Claim ShopLocal Storefront\nWe would like it by June.', acc.token)).status).toBe(201);
    expect((await send('A second one', acc.token)).status).toBe(201);
    const res = await t.call('GET', '/v1/account/enquiries', { token: acc.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((e: { message: string }) => e.message)).toEqual([
      'A second one',
      'Claim ShopLocal Storefront\nWe would like it by June.',
    ]);
    expect(res.body.data[0]).toEqual({
      _id: expect.any(String),
      username: 'Jane Client',
      email: 'jane@client.example',
      phoneNumber: '+44 20 7946 0000',
      message: 'A second one',
      createdAt: expect.any(String),
      status: 'new',
    });
  });

  it('stores an enquiry without a token, or with an invalid or ended one, unlinked (never refused)', async () => {
    const acc = await signUp(t);
    await t.call('POST', '/v1/auth/sign-out', { token: acc.token, body: { scope: 'local' } });
    for (const token of [undefined, 'forged-token', acc.token]) {
      const marker = `anonymous ${String(token)} ${Math.random()}`;
      expect((await send(marker, token)).status).toBe(201);
      const [row] = await t.api.db.select().from(enquiries).where(eq(enquiries.message, marker));
      expect(row!.userId).toBeNull();
    }
    const malformed = await t.call('POST', '/form/contact', {
      body: enquiry('odd header'),
      headers: { authorization: 'Basic abc' },
      ip: freshIp(),
    });
    expect(malformed.status).toBe(201);
  });

  it('shows the status the company gives the enquiry', async () => {
    const acc = await signUp(t);
    await send('status please', acc.token);
    await t.api.db.update(enquiries).set({ status: 'answered' }).where(eq(enquiries.message, 'status please'));
    const res = await t.call('GET', '/v1/account/enquiries', { token: acc.token });
    expect(res.body.data.map((e: { status: string }) => e.status)).toEqual(['answered']);
  });

  it("lists only the user's own enquiries; 401 without a token", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await send('from a', a.token);
    await send('from b', b.token);
    const listA = await t.call('GET', '/v1/account/enquiries', { token: a.token });
    expect(listA.body.data.map((e: { message: string }) => e.message)).toEqual(['from a']);
    expect((await t.call('GET', '/v1/account/enquiries')).status).toBe(401);
  });
});

describe('GET /api/v1/account/export', () => {
  it('downloads the profile, sessions and own enquiries as a JSON attachment, and nobody else’s', async () => {
    const acc = await signUp(t);
    const other = await signUp(t);
    await send('mine to export', acc.token);
    await send('not mine', other.token);
    await send('anonymous, not mine either');
    const res = await t.call('GET', '/v1/account/export', { token: acc.token, ip: freshIp() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="[a-z0-9-]+-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.body;
    expect(data.profile).toEqual({ ...acc.user, locale: 'en', hasPassword: true, createdAt: expect.any(String) });
    expect(data.sessions).toHaveLength(1);
    expect(data.sessions[0]).toMatchObject({
      current: true,
      device: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(data.enquiries.map((e: { message: string }) => e.message)).toEqual(['mine to export']);
    expect(data.linkedAccounts).toEqual([]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain('not mine');
    expect(text).not.toMatch(/argon2|tokenHash|passwordHash/);
  });

  it('names the Google link of an account made through Google', async () => {
    const email = `gexport-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const g = await t.call('GET', `/v1/auth/google?code=${codeFor({ sub: `sub-${email}`, email, name: 'G' })}`, {
      ip: freshIp(),
    });
    const res = await t.call('GET', '/v1/account/export', { token: g.body.token, ip: freshIp() });
    expect(res.body.linkedAccounts).toEqual([{ provider: 'google', email, linkedAt: expect.any(String) }]);
    expect(res.body.profile.hasPassword).toBe(false);
  });

  it('allows 5 exports an hour per account (429 with Retry-After), and answers 401 without a token', async () => {
    const acc = await signUp(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await t.call('GET', '/v1/account/export', { token: acc.token, ip: freshIp() })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await t.call('GET', '/v1/account/export', { token: acc.token })).headers.get('retry-after')).toMatch(
      /^\d+$/,
    );
    expect((await t.call('GET', '/v1/account/export')).status).toBe(401);
  });
});

async function countRows(userId: string) {
  const n = async (table: typeof sessions | typeof oneTimeCodes | typeof identities) =>
    (await t.api.db.select().from(table).where(eq(table.userId, userId))).length;
  return { sessions: await n(sessions), codes: await n(oneTimeCodes), identities: await n(identities) };
}

describe('POST /api/v1/account/delete', () => {
  it('with the password: deletes the account, its sessions and codes; enquiries stay unlinked; mails a confirmation', async () => {
    const acc = await signUp(t);
    const second = (
      await t.call('POST', '/v1/auth/sign-in', { body: { email: acc.email, password: acc.password }, ip: freshIp() })
    ).body.token;
    await proveAddress(t, smtp, acc);
    await t.call('POST', '/v1/auth/verify-otp', { token: acc.token, ip: freshIp() });
    await send('kept for the company', acc.token);
    expect((await countRows(acc.user._id)).codes).toBe(1);

    const res = await t.call('POST', '/v1/account/delete', {
      token: acc.token,
      body: { password: acc.password },
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Your account has been deleted' });

    expect(await t.api.db.select().from(users).where(eq(users.id, acc.user._id))).toEqual([]);
    expect(await countRows(acc.user._id)).toEqual({ sessions: 0, codes: 0, identities: 0 });
    const [kept] = await t.api.db.select().from(enquiries).where(eq(enquiries.message, 'kept for the company'));
    expect(kept).toMatchObject({ userId: null, email: 'jane@client.example' });
    for (const token of [acc.token, second]) expect((await t.call('GET', '/v1/auth/user', { token })).status).toBe(401);
    const signIn = await t.call('POST', '/v1/auth/sign-in', {
      body: { email: acc.email, password: acc.password },
      ip: freshIp(),
    });
    expect(signIn.status).toBe(401);
    const mail = await smtp.waitFor((m) => m.to === acc.email && /account was deleted/i.test(m.subject));
    expect(mail.text).toContain('Enquiries you sent us through the contact form stay with us');
  });

  it('answers 401 for a wrong password and 400 without one, deleting nothing', async () => {
    const acc = await signUp(t);
    const wrong = await t.call('POST', '/v1/account/delete', {
      token: acc.token,
      body: { password: 'not-the-password' },
      ip: freshIp(),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Incorrect password');
    const none = await t.call('POST', '/v1/account/delete', { token: acc.token, body: {}, ip: freshIp() });
    expect(none.status).toBe(400);
    expect(none.body.issues).toEqual([{ path: 'password', message: 'Enter your current password' }]);
    expect((await t.call('GET', '/v1/auth/user', { token: acc.token })).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('POST', '/v1/account/delete', { body: { password: 'whatever-1' } })).status).toBe(401);
  });

  it('a Google-only account confirms with a mailed code; its identity goes too', async () => {
    const email = `gdelete-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const g = await t.call('GET', `/v1/auth/google?code=${codeFor({ sub: `sub-${email}`, email, name: 'G' })}`, {
      ip: freshIp(),
    });
    const { token } = g.body;
    const id = g.body.user._id;
    await send('from google user', token);
    expect((await countRows(id)).identities).toBe(1);
    const noCode = await t.call('POST', '/v1/account/delete', {
      token,
      body: { password: 'guessing-1' },
      ip: freshIp(),
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.issues[0].path).toBe('otp');
    expect(
      (await t.call('POST', '/v1/account/code', { token, body: { purpose: 'delete-account' }, ip: freshIp() })).status,
    ).toBe(200);
    const mail = await smtp.waitFor((m) => m.to === email && /Confirm deleting your account/.test(m.subject));
    const res = await t.call('POST', '/v1/account/delete', {
      token,
      body: { otp: extractCode(mail.text) },
      ip: freshIp(),
    });
    expect(res.status).toBe(200);
    expect(await countRows(id)).toEqual({ sessions: 0, codes: 0, identities: 0 });
    const [kept] = await t.api.db.select().from(enquiries).where(eq(enquiries.message, 'from google user'));
    expect(kept!.userId).toBeNull();
    await smtp.waitFor((m) => m.to === email && /account was deleted/i.test(m.subject));
  });

  it('refuses to delete the only admin (409), and counts toward the deletion limit', async () => {
    const admin = await signUp(t);
    await t.api.db.execute(sql`UPDATE users SET is_admin = false`);
    await setAdmin(t.api.db, admin.email, true);
    const res = await t.call('POST', '/v1/account/delete', {
      token: admin.token,
      body: { password: admin.password },
      ip: freshIp(),
    });
    expect(res.status).toBe(409);
    expect((await t.call('GET', '/v1/auth/user', { token: admin.token })).status).toBe(200);

    const ip = freshIp();
    const accounts: Account[] = [];
    for (let i = 0; i < 11; i++) accounts.push(await signUp(t));
    const statuses: number[] = [];
    for (const acc of accounts) {
      statuses.push(
        (await t.call('POST', '/v1/account/delete', { token: acc.token, body: { password: acc.password }, ip })).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});
