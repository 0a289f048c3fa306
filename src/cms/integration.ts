// The editor at /cms/ (src/cms/main.ts) as an Astro integration. `astro build` builds it into dist/ after
// the site (src/cms/build.ts); `npm run dev` builds the same bundle once, on the first visit to /cms/,
// into node_modules/.cache/agency-cms/ and serves it from there, policy included.
import type { AstroIntegration } from 'astro';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentType } from '../server/site/mime.ts';
import { buildEditor, cmsSettings } from './build.ts';
import type { CmsSettings } from './config.ts';

export function cmsEditor(env: Record<string, string | undefined>): AstroIntegration {
  let settings: CmsSettings;
  let devBuild: Promise<string> | undefined;
  return {
    name: 'agency-cms',
    hooks: {
      'astro:config:setup': ({ config }) => {
        settings = cmsSettings(env, config.site ?? '');
      },
      'astro:server:setup': ({ server, logger }) => {
        const cache = fileURLToPath(new URL('../../node_modules/.cache/agency-cms/', import.meta.url));
        server.middlewares.use(async (req, res, next) => {
          const url = req.url?.split('?')[0] ?? '';
          const file =
            url === '/cms' || url === '/cms/'
              ? 'cms/index.html'
              : url.startsWith('/_astro/cms/')
                ? url.slice(1)
                : undefined;
          if (!file || file.includes('..')) return next();
          devBuild ??= buildEditor(cache, settings).then(() => {
            logger.info('editor built for the dev server: /cms/');
            return cache;
          });
          try {
            const body = await readFile(path.join(await devBuild, file));
            res.setHeader('content-type', contentType(file));
            res.end(body);
          } catch {
            next();
          }
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        await buildEditor(fileURLToPath(dir), settings);
        logger.info('editor built: /cms/');
      },
    },
  };
}
