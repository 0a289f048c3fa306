// The API as a Netlify Function. netlify.toml rewrites /api/* here; the app is built once per
// container and reused while it stays warm. PostgreSQL is required: a function has no lasting disk.
import { createApi, type Api } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';

/** The part of Netlify's Context this function uses. */
interface NetlifyContext {
  ip?: string;
}

let api: Promise<Api> | undefined;

function getApi(): Promise<Api> {
  api ??= (async () => {
    // Netlify sits in front and appends the client to X-Forwarded-For; context.ip is used instead.
    const config = loadConfig();
    if (!config.databaseUrl)
      throw new Error('DATABASE_URL is not set: the Netlify Function needs a PostgreSQL server.');
    return createApi(config);
  })();
  api.catch(() => (api = undefined));
  return api;
}

export default async function handler(req: Request, context: NetlifyContext): Promise<Response> {
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
  // Depending on how it is invoked the path is /api/... or /.netlify/functions/api/...; the app expects /api.
  const url = new URL(req.url);
  url.pathname = url.pathname.replace(/^\/\.netlify\/functions\/api(?=\/|$)/, '/api');
  const request = url.href === req.url ? req : new Request(url, req);
  return app.fetch(request, { incoming: { socket: { remoteAddress: context.ip } } });
}
