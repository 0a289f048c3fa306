// `npm start` ends here: one Node process serving the prebuilt site from dist/ and the API at /api. The
// site is answered from memory in this thread; the API runs in a thread of its own (core/api-thread.ts),
// so that its work never holds a page up.
import { getRequestListener } from '@hono/node-server';
import { createServer, type IncomingMessage } from 'node:http';
import { loadConfig, ConfigError } from '../config/config.ts';
import { readEnv } from '../config/env.ts';
import { ApiStartError, ApiThread } from './core/api-thread.ts';
import { configureLog, log } from './core/log.ts';
import { logWhenDone, requestIdOf } from './core/request-log.ts';
import { stopOnSignals } from './core/shutdown.ts';
import { loadStaticSite } from './site/static-site.ts';
import { applySecurityHeaders, headersOf, isHttps } from './core/security-headers.ts';

async function main() {
  // The same .env files that `astro build` reads; real environment variables win.
  const env = await readEnv();
  const config = loadConfig(env);
  configureLog(config);
  const api = await ApiThread.start(env, (code) => {
    log.error(`The API thread stopped (code ${code}): the server stops too`);
    process.exit(1);
  });
  const site = await loadStaticSite(config.distDir);

  const requestIds = new WeakMap<IncomingMessage, string>();
  const https = (incoming: IncomingMessage) =>
    isHttps(incoming.headers['x-forwarded-proto']?.toString(), config.trustProxy);
  const pages = getRequestListener((req, env) => {
    const res = site.handle(req);
    applySecurityHeaders(res.headers, { https: https(env.incoming as IncomingMessage) });
    res.headers.set('X-Request-Id', requestIds.get(env.incoming as IncomingMessage)!);
    return res;
  });
  const server = createServer((incoming, outgoing) => {
    const requestId = requestIdOf(incoming.headers['x-request-id']?.toString() ?? null);
    const { pathname } = new URL(incoming.url ?? '/', 'http://localhost');
    logWhenDone(incoming.method ?? 'GET', pathname, outgoing, requestId);
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      api.handle(incoming, outgoing, (answer) => {
        applySecurityHeaders(headersOf(answer), { https: https(incoming) });
        answer.setHeader('X-Request-Id', requestId);
      });
    } else {
      requestIds.set(incoming, requestId);
      void pages(incoming, outgoing);
    }
  });
  server.keepAliveTimeout = 65_000;
  stopOnSignals(server, api);
  server.listen(config.port, config.host, () => {
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    log.info(`Serving site and API on http://localhost:${port}`);
  });
}

main().catch((err: unknown) => {
  // A setting to fix is told in one line; anything else is a bug, with its stack (the API thread's own
  // failures arrive told already).
  const told = err instanceof ConfigError || err instanceof ApiStartError;
  console.error(told ? (err as Error).message : err);
  process.exit(1);
});
