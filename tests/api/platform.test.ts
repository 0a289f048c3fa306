// What every call shares: health, OpenAPI, 404, headers, CORS, and 503 during a database outage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, startTestApi, type TestApi } from '../helpers/api.ts';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi({ CORS_ORIGINS: 'https://www.example.com' });
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 { status: ok, db: up }', async () => {
    const res = await t.call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: 'up' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/openapi.json', () => {
  it('describes every call of the contract with its schemas', async () => {
    const res = await t.call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1/);
    const ops = Object.entries(res.body.paths as Record<string, object>).flatMap(([p, m]) =>
      Object.keys(m).map((verb) => `${verb.toUpperCase()} ${p}`),
    );
    // Every call of the contract is described (a new call may be added without touching this list).
    expect(ops).toEqual(
      expect.arrayContaining([
        'POST /api/form/contact',
        'POST /api/v1/auth/signup',
        'POST /api/v1/auth/sign-in',
        'GET /api/v1/auth/user',
        'GET /api/v1/users/user',
        'POST /api/v1/auth/sign-out',
        'POST /api/v1/auth/reset-otp',
        'POST /api/v1/auth/reset-password',
        'POST /api/v1/auth/verify-otp',
        'POST /api/v1/auth/verify-account',
        'GET /api/v1/admin/user',
        'DELETE /api/v1/admin/user/delete/{id}',
        'GET /api/v1/admin/contact',
        'DELETE /api/v1/admin/contact/delete/{id}',
        'GET /api/v1/auth/google',
        'GET /api/v1/cms/auth',
        'GET /api/v1/cms/callback',
        'GET /api/health',
        // Account self-service
        'GET /api/v1/account/sessions',
        'DELETE /api/v1/account/sessions/{id}',
        'PATCH /api/v1/account',
        'POST /api/v1/account/password',
        'GET /api/v1/account/export',
        'GET /api/v1/account/enquiries',
        'POST /api/v1/account/delete',
        // Admin
        'GET /api/v1/admin/stats',
        'PATCH /api/v1/admin/contact/{id}',
        'POST /api/v1/admin/contact/{id}/reply',
        'GET /api/v1/admin/contact/export',
        'PATCH /api/v1/admin/user/{id}',
        'GET /api/v1/admin/trash',
        'POST /api/v1/admin/trash/{kind}/{id}/restore',
        'GET /api/v1/admin/audit',
      ]),
    );
    const signup = res.body.paths['/api/v1/auth/signup'].post;
    expect(signup.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
    expect(Object.keys(signup.responses)).toEqual(expect.arrayContaining(['201', '400', '409', '429']));
  });
});

describe('errors', () => {
  it('a NUL character, which PostgreSQL text cannot hold, is a 400', async () => {
    const nul = 'x\u0000y';
    const signup = await t.call('POST', '/v1/auth/signup', {
      body: { name: nul, email: 'nul@example.com', password: 'nul-password' },
      ip: freshIp(),
    });
    expect(signup.status).toBe(400);
    const contact = await t.call('POST', '/form/contact', {
      body: { name: nul, email: 'nul@example.com', phoneNumber: '1', message: nul },
      ip: freshIp(),
    });
    expect(contact.status).toBe(400);
    expect(contact.body.success).toBe(false);
  });

  it('an unknown route is a 404 JSON body', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['POST', '/v1/auth/nothing'],
    ] as const) {
      const res = await t.call(method, path, { token: 'x' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'Not found' });
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
    }
  });

  it('a method a path does not serve is a 405 JSON body naming the allowed ones', async () => {
    for (const [method, path, allow] of [
      ['PUT', '/v1/auth/sign-in', 'POST'],
      ['DELETE', '/health', 'GET, HEAD'],
      ['POST', '/v1/account', 'GET, HEAD, PATCH'],
    ] as const) {
      const res = await t.call(method, path, { token: 'x' });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(res.body).toEqual({ success: false, message: `Method ${method} not allowed here: use ${allow}` });
    }
  });

  it('hostile input never yields a 500 or a stack trace', async () => {
    const bodies: unknown[] = ['null', '[]', '"text"', '{"email":{"$gt":""},"password":["a"]}', '\u0000'];
    for (const body of bodies) {
      for (const path of ['/v1/auth/sign-in', '/v1/auth/signup', '/form/contact', '/v1/auth/reset-otp']) {
        const res = await t.call('POST', path, { body, ip: freshIp() });
        expect(res.status, `${path} ${String(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body.success).toBe(false);
        expect(JSON.stringify(res.body)).not.toMatch(/\bat .*\.ts:\d+/);
      }
    }
  });
});

describe('CORS', () => {
  it('answers listed origins only', async () => {
    const listed = await t.call('OPTIONS', '/v1/auth/sign-in', {
      headers: {
        origin: 'https://www.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://www.example.com');
    const other = await t.call('OPTIONS', '/v1/auth/sign-in', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});
