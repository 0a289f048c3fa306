// `npm start` ends here: one process, one thread; @hono/node-server serves the API at /api (app.ts) and
// the built site (site/static-site.ts), behind core/request-limits.ts. Every answer gets the headers and a log line.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { ConfigError, loadConfig } from '../config/config.ts';
import { readEnv } from '../config/env.ts';
import { createApi } from './app.ts';
import { onError } from './core/errors.ts';
import { configureLog, log } from './core/log.ts';
import { limitRequests, SERVER_TIMEOUTS } from './core/request-limits.ts';
import { logWhenDone, requestIdOf } from './core/request-log.ts';
import { isHttps, securityHeaders } from './core/security-headers.ts';
import { stopOnSignals } from './core/shutdown.ts';
import { DataDirBusyError } from './db/lock.ts';
import { addressOf, networkKey } from './limits/client-ip.ts';
import { staticSite } from './site/static-site.ts';

async function main() {
  const config = loadConfig(await readEnv());
  configureLog(config);
  const api = await createApi(config);
  if (config.env === 'production') void api.verifyMail();

  const app = new Hono<{ Bindings: HttpBindings }>();
  app.all('/api/*', (c) => api.app.fetch(c.req.raw, c.env)); // '/api' itself too
  app.route('/', await staticSite(config.distDir));
  app.onError(onError);

  // Set before the app answers: the answer's own headers (a page's CSP, the API's) take precedence.
  const prepare = (req: IncomingMessage, res: ServerResponse) => {
    const requestId = requestIdOf(req.headers['x-request-id']?.toString() ?? null);
    logWhenDone(req.method ?? 'GET', (req.url ?? '').split('?')[0]!, res, requestId);
    const https = isHttps(req.headers['x-forwarded-proto']?.toString(), config.trustProxy);
    res.setHeaders(new Map(Object.entries({ ...securityHeaders(https), 'x-request-id': requestId })));
  };
  const listener = limitRequests(getRequestListener(app.fetch), {
    isApi: (path) => /^\/api(\/|$)/.test(path), // what `app.all('/api/*')` above takes
    clientOf: (req) =>
      networkKey(addressOf(req.headers['x-forwarded-for']?.toString(), req.socket.remoteAddress, config.trustProxy)),
    prepare,
  });
  const server = createServer(SERVER_TIMEOUTS, listener);
  server.listen(config.port, config.host, () => log.info(`Serving site and API on http://localhost:${config.port}`));
  stopOnSignals(server, api);
}

main().catch((err: unknown) => {
  // A setting to fix (a database that refuses, a data directory in use) is told in one line; a bug, with its stack.
  const told = err instanceof ConfigError || err instanceof DataDirBusyError;
  console.error(told ? (err as Error).message : err);
  process.exit(1);
});
