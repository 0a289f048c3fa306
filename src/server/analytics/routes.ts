// POST /api/v1/analytics/view: a page view from a consenting visitor's browser (src/scripts/analytics.ts).
// The answer is 202 whether or not the view counts, so that it tells nothing about what was stored.
import { viewBody } from '../../lib/schemas/analytics.ts';
import { findSession } from '../auth/sessions.ts';
import type { Deps } from '../core/context.ts';
import { clientIp } from '../limits/client-ip.ts';
import { messageSchema } from '../../lib/schemas/api.ts';
import { errors, jsonBody, ok, publicRoute, router } from '../auth/route-factories.ts';
import type { Tracker } from './tracker.ts';

const view = publicRoute({
  assurance: 'none',
  method: 'post',
  path: '/view',
  tags: ['analytics'],
  request: { body: jsonBody(viewBody) },
  responses: { 202: ok(messageSchema, 'Received; stored only when it counts'), ...errors(400, 503) },
});

export function analyticsRoutes(deps: Deps, tracker: Tracker) {
  const app = router();

  app.openapi(view, async (c) => {
    const { path, referrer } = c.req.valid('json');
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    await tracker.track({
      path,
      referrer,
      ip: clientIp(c, deps.config.trustProxy),
      userAgent: c.req.header('user-agent') ?? '',
      host: new URL(c.req.url).hostname,
      optedOut: c.req.header('sec-gpc') === '1' || c.req.header('dnt') === '1',
      isAdmin: async () => token !== undefined && (await findSession(deps, token))?.user.isAdmin === true,
    });
    return c.json({ success: true as const, message: 'Received' }, 202);
  });

  return app;
}
