// The Netlify Functions without a database: PostgreSQL is required (see netlify-function.postgres.test.ts),
// and their routing is declared in the functions themselves.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';

describe('netlify/functions', () => {
  afterAll(() => {
    delete process.env.DATABASE_URL;
    delete process.env.NETLIFY_BUILD_HOOK;
  });

  it('api answers 503 JSON without DATABASE_URL', async () => {
    delete process.env.DATABASE_URL;
    // A fresh module: the function keeps its API in module state, and a worker keeps modules between files.
    vi.resetModules();
    const { default: handler } = await import('../../netlify/functions/api.ts');
    const res = await handler(new Request('https://site.example/api/health'), {
      ip: '203.0.113.9',
      waitUntil: () => {},
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false });
  });

  it('publish runs daily after midnight UTC and starts a build through NETLIFY_BUILD_HOOK', async () => {
    const publish = await import('../../netlify/functions/publish.ts');
    expect(publish.config).toEqual({ schedule: '5 0 * * *' });
    const calls: string[] = [];
    const hook = createServer((req, res) => {
      calls.push(`${req.method} ${req.url}`);
      res.writeHead(200).end();
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/abc123`;
      process.env.NETLIFY_BUILD_HOOK = url;
      expect((await publish.default()).status).toBe(202);
      expect(calls).toEqual(['POST /build_hooks/abc123']);
      // A hook that fails is reported, not taken for a build.
      process.env.NETLIFY_BUILD_HOOK = `${url.replace(/\/build_hooks.*/, '')}/missing`;
      hook.removeAllListeners('request');
      hook.on('request', (_req, res) => res.writeHead(404).end());
      expect((await publish.default()).status).toBe(502);
    } finally {
      await new Promise((resolve) => hook.close(resolve));
    }
    // Without a hook there is nothing to call.
    delete process.env.NETLIFY_BUILD_HOOK;
    expect((await publish.default()).status).toBe(204);
  });
});
