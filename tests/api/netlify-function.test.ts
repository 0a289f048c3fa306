// The Netlify Function wrapper without a database: PostgreSQL is required (see netlify-function.postgres.test.ts).
import { afterAll, describe, expect, it } from 'vitest';

describe('netlify/functions/api', () => {
  afterAll(() => {
    delete process.env.DATABASE_URL;
  });

  it('answers 503 JSON without DATABASE_URL', async () => {
    delete process.env.DATABASE_URL;
    const { default: handler } = await import('../../netlify/functions/api.ts');
    const res = await handler(new Request('https://site.example/api/health'), { ip: '203.0.113.9' });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false });
  });
});
