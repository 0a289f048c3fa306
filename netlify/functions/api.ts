// The API as a Netlify Function at /api/* (a v2 function's own path: no rewrite rule needed). Work after the
// reply (code mails, the outbox pass after an enquiry) is handed to context.waitUntil, which keeps the
// function alive until it is done.
import type { Config, Context } from '@netlify/functions';
import type { Api } from '../../src/server/app.ts';
import { getApi } from '../lib/api.ts';

export const config: Config = { path: '/api/*' };

export default async function handler(req: Request, context: Pick<Context, 'ip' | 'waitUntil'>): Promise<Response> {
  let app: Api['app'];
  try {
    app = (await getApi()).app;
  } catch (err) {
    console.error(err);
    return Response.json(
      { success: false, message: 'Service temporarily unavailable. Please try again shortly.' },
      { status: 503, headers: { 'Cache-Control': 'no-store' } },
    );
  }
  // Netlify sits in front and appends the client to X-Forwarded-For; context.ip is the client itself.
  return app.fetch(
    req,
    { incoming: { socket: { remoteAddress: context.ip } } },
    {
      waitUntil: (work) => context.waitUntil(work),
      passThroughOnException: () => {},
      props: {},
    },
  );
}
