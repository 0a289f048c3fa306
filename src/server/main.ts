// `npm start` ends here: one Node process serving the prebuilt site from dist/ and the API at /api.
import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import { loadConfig, ConfigError } from '../config/config.ts';
import { readEnv } from '../config/env.ts';
import { createApi } from './core/app.ts';
import { log } from './core/log.ts';
import { logWhenDone, requestIdOf } from './core/request-log.ts';
import { stopOnSignals } from './core/shutdown.ts';
import { DataDirBusyError } from './db/lock.ts';
import { loadStaticSite } from './site/static-site.ts';
import { applySecurityHeaders, isHttps } from './core/security-headers.ts';

async function main() {
  // The same .env files that `astro build` reads; real environment variables win.
  const config = loadConfig(await readEnv());
  const api = await createApi(config);
  const site = await loadStaticSite(config.distDir);

  // `env` carries the Node socket, from which the API reads the client address for its rate limits.
  const listener = getRequestListener(async (req, env) => {
    const requestId = requestIdOf(req.headers.get('x-request-id'));
    logWhenDone(req, env.outgoing, requestId);
    const { pathname } = new URL(req.url);
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const res = isApi ? await api.app.fetch(req, env) : site.handle(req);
    applySecurityHeaders(res.headers, { https: isHttps(req, config.trustProxy) });
    res.headers.set('X-Request-Id', requestId);
    return res;
  });
  const server = createServer(listener);
  server.keepAliveTimeout = 65_000;
  stopOnSignals(server, api);
  server.listen(config.port, config.host, () => {
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    log.info(`Serving site and API on http://localhost:${port}`);
  });
  if (config.env === 'production') await api.verifyMail();
}

main().catch((err: unknown) => {
  // A setting to fix is told in one line; anything else is a bug, with its stack.
  console.error(err instanceof ConfigError || err instanceof DataDirBusyError ? err.message : err);
  process.exit(1);
});
