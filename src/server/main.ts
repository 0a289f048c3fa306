// `npm start` ends here: one Node process serving the prebuilt site from dist/ and the API at /api.
import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import { loadConfig, ConfigError } from '../config/config.ts';
import { readEnv } from '../config/env.ts';
import { createApi } from './core/app.ts';
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
    const { pathname } = new URL(req.url);
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const res = isApi ? await api.app.fetch(req, env) : site.handle(req);
    applySecurityHeaders(res.headers, { https: isHttps(req, config.trustProxy) });
    return res;
  });
  const server = createServer(listener);
  server.keepAliveTimeout = 65_000;
  server.listen(config.port, config.host, () => {
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    console.log(`Serving site and API on http://localhost:${port}`);
  });

  const shutdown = async (signal: string) => {
    console.log(`${signal}: shutting down`);
    server.close();
    await api.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof DataDirBusyError ? err.message : err);
  process.exit(1);
});
