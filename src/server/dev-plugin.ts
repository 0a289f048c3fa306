// `npm run dev`: hands /api/* inside the Astro dev server to the same Hono app that `npm start` runs.
import type { Plugin } from 'vite';
import { getRequestListener } from '@hono/node-server';
import { readEnv } from '../config/env.ts';

export function apiDevPlugin(): Plugin {
  return {
    name: 'agency-api-dev',
    apply: 'serve',
    configureServer(server) {
      let listener: ReturnType<typeof getRequestListener> | undefined;
      server.middlewares.use(async (req, res, next) => {
        if (!req.url?.startsWith('/api')) return next();
        if (!listener) {
          const { loadConfig } = await server.ssrLoadModule('/src/config/config.ts');
          const { createApi } = await server.ssrLoadModule('/src/server/app.ts');
          // .env, .env.local, .env.development: what Vite reads for the islands in dev.
          const api = await createApi(loadConfig(await readEnv('development', server.config.root)));
          listener = getRequestListener(api.app.fetch);
        }
        return listener(req, res);
      });
    },
  };
}
