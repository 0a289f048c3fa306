// The Netlify Functions without a database: PostgreSQL is required (see netlify-function.postgres.test.ts),
// and their routing is declared in the functions themselves.
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';

describe('netlify/functions', () => {
  afterAll(() => {
    delete process.env.DATABASE_URL;
  });

  it('api answers 503 JSON without DATABASE_URL', async () => {
    delete process.env.DATABASE_URL;
    const { default: handler } = await import('../../netlify/functions/api.ts');
    const res = await handler(new Request('https://site.example/api/health'), {
      ip: '203.0.113.9',
      waitUntil: () => {},
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it('api serves /api/* by its own path, and outbox runs every minute', async () => {
    const api = await import('../../netlify/functions/api.ts');
    const outbox = await import('../../netlify/functions/outbox.ts');
    expect(api.config).toEqual({ path: '/api/*' });
    expect(outbox.config).toEqual({ schedule: '* * * * *' });
    // No rewrite rule competes with the function's path.
    expect(await readFile(new URL('../../netlify.toml', import.meta.url), 'utf8')).not.toMatch(/from = "\/api/);
  });
});
