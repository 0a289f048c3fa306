// A route declared with `lane: 'later'` runs its handler, and the statements it starts, in the embedded
// database's later lane (src/server/db/lane.ts); any other route in the now lane.
import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { laneOf } from '../../src/server/db/lane.ts';
import { ok, publicRoute, router } from '../../src/server/core/route-factories.ts';

const laneSchema = z.object({ lane: z.enum(['now', 'later']) });
const app = router();
app.openapi(
  publicRoute({ method: 'get', path: '/report', lane: 'later', responses: { 200: ok(laneSchema, 'Lane') } }),
  async (c) => {
    await Promise.resolve(); // still its lane after an await
    return c.json({ lane: laneOf() }, 200);
  },
);
app.openapi(publicRoute({ method: 'get', path: '/list', responses: { 200: ok(laneSchema, 'Lane') } }), (c) =>
  c.json({ lane: laneOf() }, 200),
);

describe('route lanes', () => {
  it("runs a heavy route's handler in the later lane", async () => {
    expect(await (await app.request('/report')).json()).toEqual({ lane: 'later' });
  });

  it('runs every other route in the now lane', async () => {
    expect(await (await app.request('/list')).json()).toEqual({ lane: 'now' });
  });
});
