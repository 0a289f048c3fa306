// Property-based tests of the admin workflow calls: at least 1,000 generated requests per call, with
// admin, user, garbage and missing tokens, hostile ids, bodies and queries, against the real app on this
// project's database. The property (tests/reliability/lib/fuzz.ts): never a 5xx or a stack trace; JSON
// (or the CSV download); 4xx answers in the one error shape.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENQUIRY_STATUSES } from '../../src/lib/constants.ts';
import { makeAdmin, sendEnquiry } from '../helpers/admin.ts';
import { signUp, startTestApi, type Account, type TestApi } from '../helpers/api.ts';
import { bodies, fuzzEndpoint, hostileString, RUNS, type EndpointSpec } from '../reliability/lib/fuzz.ts';

const TIMEOUT = 300_000;
const enc = (s: string) => encodeURIComponent(s.toWellFormed());

let t: TestApi;
let admin: Account;
let user: Account;
const userIds: string[] = [];
const enquiryIds: string[] = [];
beforeAll(async () => {
  // Limits off: the generator should reach the handlers, not stop at the per-admin mail limit.
  t = await startTestApi({ RATE_LIMITS: 'off' });
  admin = await makeAdmin(t);
  // A second admin, so that generated demotions can succeed without ending the run's own access.
  await makeAdmin(t);
  user = await signUp(t);
  for (let i = 0; i < 4; i++) userIds.push((await signUp(t)).user._id);
  for (let i = 0; i < 4; i++) enquiryIds.push((await sendEnquiry(t)).id);
}, 120_000);
afterAll(() => t?.close());

const report = (name: string, statuses: Record<number, number>) => {
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  expect(total).toBeGreaterThanOrEqual(RUNS);
  console.log(`fuzz ${name}: ${total} cases, statuses ${JSON.stringify(statuses)}`);
};

const hostileOr = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 2, arbitrary: valid.map(String) }, hostileString);
const query = (fields: Record<string, fc.Arbitrary<string>>) =>
  fc.record(fields, { requiredKeys: [] }).map((q) =>
    Object.entries(q)
      .map(([k, v]) => `${k}=${enc(String(v))}`)
      .join('&'),
  );
const ids = (known: string[]) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...(known as [string, ...string[]])), fc.boolean())
        .map(([id, upper]) => (upper ? id.toUpperCase() : id)),
    },
    fc.uuid(),
    hostileString.map(enc),
    fc.constant(''),
  );
const pageQuery = {
  page: hostileOr(fc.integer({ min: -5, max: 2_000_000 })),
  pageSize: hostileOr(fc.integer({ min: -5, max: 500 })),
};
const status = fc.constantFrom(...ENQUIRY_STATUSES);

// The spec is built inside the test: the ids it draws from exist only after beforeAll.
const run = (name: string, spec: () => Omit<EndpointSpec, 'tokens'>) =>
  it(name, { timeout: TIMEOUT }, async () => {
    report(name, await fuzzEndpoint(t.api.app, { ...spec(), tokens: [admin.token, user.token] }));
  });

async function trashAll() {
  for (const id of userIds) await t.call('DELETE', `/v1/admin/user/delete/${id}`, { token: admin.token });
  for (const id of enquiryIds) await t.call('DELETE', `/v1/admin/contact/delete/${id}`, { token: admin.token });
}

describe('generated hostile requests to the admin workflow calls never give a 5xx', () => {
  run('GET /api/v1/admin/stats', () => ({
    method: 'GET',
    path: query({ days: hostileOr(fc.integer({ min: -10, max: 1000 })) }).map((q) => `/v1/admin/stats?${q}`),
  }));

  run('GET /api/v1/admin/contact (status filter)', () => ({
    method: 'GET',
    path: query({ ...pageQuery, q: hostileString, status: hostileOr(status) }).map((q) => `/v1/admin/contact?${q}`),
  }));

  run('PATCH /api/v1/admin/contact/{id}', () => ({
    method: 'PATCH',
    path: ids(enquiryIds).map((id) => `/v1/admin/contact/${id}`),
    body: bodies({ status, note: fc.string({ maxLength: 300 }) }),
  }));

  run('POST /api/v1/admin/contact/{id}/reply', () => ({
    method: 'POST',
    path: ids(enquiryIds).map((id) => `/v1/admin/contact/${id}/reply`),
    body: bodies({ message: fc.string({ minLength: 1, maxLength: 300 }) }),
  }));

  run('GET /api/v1/admin/contact/export', () => ({
    method: 'GET',
    path: query({ q: hostileString, status: hostileOr(status) }).map((q) => `/v1/admin/contact/export?${q}`),
  }));

  run('PATCH /api/v1/admin/user/{id}', () => ({
    method: 'PATCH',
    path: ids(userIds).map((id) => `/v1/admin/user/${id}`),
    body: bodies({
      name: fc.string({ minLength: 2, maxLength: 100 }),
      isAdmin: fc.boolean(),
      isAccountVerified: fc.boolean(),
      confirmSelfDemotion: fc.boolean(),
    }),
  }));

  run('POST /api/v1/admin/user/{id}/verification-code', () => ({
    method: 'POST',
    path: ids(userIds).map((id) => `/v1/admin/user/${id}/verification-code`),
  }));

  run('DELETE /api/v1/admin/user/{id}/sessions', () => ({
    method: 'DELETE',
    path: ids(userIds).map((id) => `/v1/admin/user/${id}/sessions`),
  }));

  run('GET /api/v1/admin/trash', () => ({
    method: 'GET',
    path: query({ ...pageQuery, kind: hostileOr(fc.constantFrom('user', 'contact')) }).map(
      (q) => `/v1/admin/trash?${q}`,
    ),
  }));

  run('GET /api/v1/admin/audit', () => ({
    method: 'GET',
    path: query(pageQuery).map((q) => `/v1/admin/audit?${q}`),
  }));

  // Last: these move rows in and out of the trash, so the calls above keep their targets.
  it('POST /api/v1/admin/trash/{kind}/{id}/restore', { timeout: TIMEOUT }, async () => {
    await trashAll();
    const path = fc
      .tuple(fc.constantFrom('user', 'contact', 'USER', 'page', ''), ids([...userIds, ...enquiryIds]))
      .map(([kind, id]) => `/v1/admin/trash/${kind}/${id}/restore`);
    const statuses = await fuzzEndpoint(t.api.app, { method: 'POST', path, tokens: [admin.token, user.token] });
    report('restore', statuses);
    // Some rows came back, none twice (a second restore of a row is a 404).
    expect(statuses[200]).toBeGreaterThanOrEqual(1);
    expect(statuses[200]).toBeLessThanOrEqual(userIds.length + enquiryIds.length);
  });

  it('DELETE /api/v1/admin/trash/{kind}/{id}', { timeout: TIMEOUT }, async () => {
    await trashAll();
    const path = fc
      .tuple(fc.constantFrom('user', 'contact', 'Contact', 'x'), ids([...userIds, ...enquiryIds]))
      .map(([kind, id]) => `/v1/admin/trash/${kind}/${id}`);
    report(
      'delete for good',
      await fuzzEndpoint(t.api.app, { method: 'DELETE', path, tokens: [admin.token, user.token] }),
    );
  });
});
