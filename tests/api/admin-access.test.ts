// Every admin call: 401 without a session, 403 for a signed-in user who is not an admin, and an admin's
// answer (2xx for a valid call). Also: each is in /api/openapi.json, declared admin-only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, sendEnquiry, type SentEnquiry } from '../helpers/admin.ts';
import { signUp, startTestApi, type Account, type TestApi } from '../helpers/api.ts';

let t: TestApi;
let admin: Account;
let user: Account;
let target: Account;
let enquiry: SentEnquiry;
beforeAll(async () => {
  t = await startTestApi();
  admin = await makeAdmin(t);
  user = await signUp(t);
  target = await signUp(t);
  enquiry = await sendEnquiry(t);
});
afterAll(() => t.close());

// Paths are written with {enquiry} and {user}: their ids exist only after beforeAll.
type Case = [method: string, path: string, body: unknown, adminStatus: number];
const cases: Case[] = [
  ['GET', '/v1/admin/stats?days=30', undefined, 200],
  ['GET', '/v1/admin/contact?status=new', undefined, 200],
  ['PATCH', '/v1/admin/contact/{enquiry}', { status: 'in-progress' }, 200],
  ['POST', '/v1/admin/contact/{enquiry}/reply', { message: 'Thank you, we will call you.' }, 201],
  ['GET', '/v1/admin/contact/export?status=answered', undefined, 200],
  ['PATCH', '/v1/admin/user/{user}', { name: 'Renamed Person' }, 200],
  ['POST', '/v1/admin/user/{user}/verification-code', undefined, 200],
  ['DELETE', '/v1/admin/user/{user}/sessions', undefined, 200],
  ['GET', '/v1/admin/trash', undefined, 200],
  ['GET', '/v1/admin/audit?page=1', undefined, 200],
  // Last: they use up the rows above.
  ['DELETE', '/v1/admin/contact/delete/{enquiry}', undefined, 200],
  ['POST', '/v1/admin/trash/contact/{enquiry}/restore', undefined, 200],
  ['DELETE', '/v1/admin/user/delete/{user}', undefined, 200],
  ['DELETE', '/v1/admin/trash/user/{user}', undefined, 200],
];

describe('admin calls', () => {
  it.each(cases)('%s %s: 401, 403, then the admin’s answer', async (method, template, body, adminStatus) => {
    const path = template.replace('{enquiry}', enquiry.id).replace('{user}', target.user._id);
    const nobody = await t.call(method, path, { body });
    expect(nobody.status).toBe(401);
    expect(nobody.body).toMatchObject({ success: false, message: expect.any(String) });
    const plain = await t.call(method, path, { body, token: user.token });
    expect(plain.status).toBe(403);
    expect(plain.body).toEqual({ success: false, message: 'Admins only.' });
    const res = await t.call(method, path, { body, token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(adminStatus);
  });

  it('are all in /api/openapi.json, declared for admins with a bearer token', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    const expected: Array<[string, string]> = [
      ['get', '/api/v1/admin/stats'],
      ['patch', '/api/v1/admin/contact/{id}'],
      ['post', '/api/v1/admin/contact/{id}/reply'],
      ['get', '/api/v1/admin/contact/export'],
      ['patch', '/api/v1/admin/user/{id}'],
      ['get', '/api/v1/admin/trash'],
      ['post', '/api/v1/admin/trash/{kind}/{id}/restore'],
      ['get', '/api/v1/admin/audit'],
      ['delete', '/api/v1/admin/trash/{kind}/{id}'],
      ['post', '/api/v1/admin/user/{id}/verification-code'],
      ['delete', '/api/v1/admin/user/{id}/sessions'],
      ['get', '/api/v1/admin/user'],
      ['get', '/api/v1/admin/contact'],
    ];
    for (const [method, path] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.security, `${method} ${path}`).toEqual([{ bearer: ['admin'] }]);
      expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['401', '403']));
    }
    expect(doc.paths['/api/v1/admin/contact/export'].get.responses['200'].content).toHaveProperty('text/csv');
  });
});
