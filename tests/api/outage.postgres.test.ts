// A PostgreSQL outage under the in-process API (the embedded database cannot go away).
import { describe, expect, it } from 'vitest';
import { signUp, startTestApi } from '../helpers/api.ts';
import { startPostgres } from '../helpers/postgres.ts';

describe('a PostgreSQL outage', () => {
  it('gives quick 503s and recovers by itself', async () => {
    const pg = await startPostgres();
    const api = await startTestApi({ DATABASE_URL: await pg.createDatabase() });
    try {
      const acc = await signUp(api);
      await pg.pause();
      const started = Date.now();
      const health = await api.call('GET', '/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'degraded', db: 'down' });
      const me = await api.call('GET', '/v1/auth/user', { token: acc.token });
      expect(me.status).toBe(503);
      expect(me.body.success).toBe(false);
      expect(me.headers.get('retry-after')).toBeTruthy();
      expect(Date.now() - started).toBeLessThan(10_000);
      await pg.start();
      await expect.poll(async () => (await api.call('GET', '/health')).status, { timeout: 15_000 }).toBe(200);
      expect((await api.call('GET', '/v1/auth/user', { token: acc.token })).status).toBe(200);
    } finally {
      await api.close();
      await pg.stop();
    }
  });
});
