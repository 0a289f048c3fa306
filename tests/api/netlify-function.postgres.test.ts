// The Netlify Function wrapper on PostgreSQL: path rewriting, client address from context.ip.
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../helpers/api.ts';

describe('netlify/functions/api', () => {
  afterAll(() => {
    delete process.env.DATABASE_URL;
  });

  it('serves /api/* and /.netlify/functions/api/* on PostgreSQL', async () => {
    process.env.DATABASE_URL = (await freshDatabaseUrl())!;
    process.env.LOG_LEVEL = 'silent';
    const { default: handler } = await import('../../netlify/functions/api.ts');
    const direct = await handler(new Request('https://site.example/api/health'), { ip: '203.0.113.9' });
    expect(await direct.json()).toEqual({ status: 'ok', db: 'up' });
    const rewritten = await handler(new Request('https://site.example/.netlify/functions/api/v1/auth/user'), {
      ip: '203.0.113.9',
    });
    expect(rewritten.status).toBe(401);
    expect(rewritten.headers.get('cache-control')).toBe('no-store');
  });
});
