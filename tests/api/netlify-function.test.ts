// The Netlify Function wrapper: path rewriting, client address from context.ip, PostgreSQL required.
import { afterAll, describe, expect, it } from 'vitest';
import { dbKind, freshDatabaseUrl } from '../helpers/api.ts';

describe('netlify/functions/api', () => {
  afterAll(() => {
    delete process.env.DATABASE_URL;
  });

  it.runIf(dbKind === 'pglite')('answers 503 JSON without DATABASE_URL', async () => {
    delete process.env.DATABASE_URL;
    const { default: handler } = await import('../../netlify/functions/api.ts');
    const res = await handler(new Request('https://site.example/api/health'), { ip: '203.0.113.9' });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it.runIf(dbKind === 'postgres')('serves /api/* and /.netlify/functions/api/* on PostgreSQL', async () => {
    process.env.DATABASE_URL = (await freshDatabaseUrl())!;
    process.env.LOG_LEVEL = 'silent';
    const { default: handler } = await import('../../netlify/functions/api.ts');
    const direct = await handler(new Request('https://site.example/api/health'), { ip: '203.0.113.9' });
    expect(await direct.json()).toEqual({ status: 'ok', db: 'up' });
    const rewritten = await handler(new Request('https://site.example/.netlify/functions/api/v1/auth/user'), { ip: '203.0.113.9' });
    expect(rewritten.status).toBe(401);
    expect(rewritten.headers.get('cache-control')).toBe('no-store');
  });
});
