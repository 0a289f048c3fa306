// The project's build steps around Astro's own, as one integration, so that `astro build` alone (any
// --outDir included) gives what is deployed:
//   - before anything is built, the production check of the settings (build-env.ts);
//   - once Astro has written dist/: icons moved to sprites (and every .svg file checked to be well-formed XML,
//     the build failing otherwise: svg-files.ts), Astro's island scripts to files, its island
//     style moved into the page's sheet and each page's CSS cut to what it uses, Pagefind's search index
//     (search-index.ts), each page's CSP cut to its own hashes and hosts, Netlify's _headers and _redirects
//     (netlify-rules.ts), the list of pages whose views the analytics count, precompressed .br/.gz files of
//     every text file for the Node server, and the server itself built to JavaScript in dist-server/
//     beside dist/, with Vite's manifest of the browser chunks (client-manifest.ts), which is not published.
// Netlify compresses by itself and would publish the precompressed files as files of their own, so a build on
// Netlify (which sets NETLIFY=true) writes none. Listed last in astro.config.mjs: the other integrations'
// files (sitemap, the editor) are compressed too.
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { checkedSiteConfig, declaredNodeEnv } from './build-env.ts';
import { CLIENT_MANIFEST, clientManifest } from './client-manifest.ts';
import { iconsToSprites, islandScriptsToFiles, ownSourcesOnly } from './first-flight.ts';
import { withIslandStyleInSheet } from './island-style.ts';
import { writeNetlifyRules } from './netlify-rules.ts';
import { prunePagesCss } from './page-css.ts';
import { precompress } from './precompress.ts';
import { writeSearchIndex } from './search-index.ts';
import { bundleServer } from './server-bundle.ts';
import { checkSvgFiles } from './svg-files.ts';
import { writeSitePages } from './site-pages.ts';

/** `env`: the variables as astro.config.mjs read them (readEnv). */
export function postBuild(env: Record<string, string>): AstroIntegration {
  let root = process.cwd();
  const manifest = clientManifest();
  return {
    name: 'agency-post-build',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        root = fileURLToPath(config.root);
        if (command === 'build') checkedSiteConfig(env, declaredNodeEnv());
        updateConfig({ vite: { plugins: [manifest.plugin] } });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const dist = fileURLToPath(dir);
        logger.info(`icons moved to ${await iconsToSprites(dist)} sprite files`);
        logger.info(`${await checkSvgFiles(dist)} SVG files are well-formed XML`);
        logger.info(`island scripts moved to ${await islandScriptsToFiles(dist)} files`);
        // The e2e suite compares each page with its unpruned self (tests/e2e/css-pruning.spec.ts).
        if (process.env.UNPRUNED_HTML_DIR) await copyHtml(dist, process.env.UNPRUNED_HTML_DIR);
        const css = await prunePagesCss(dist, withIslandStyleInSheet);
        logger.info(`CSS per page on ${css.pages} pages (HTML ${kb(css.before)} -> ${kb(css.after)} in all)`);
        logger.info(`search index of ${await writeSearchIndex(dist)} pages written to pagefind/`);
        await ownSourcesOnly(dist);
        await writeNetlifyRules(dist);
        logger.info(`${await writeSitePages(dist)} pages listed in site-pages.json for the analytics`);
        if (process.env.NETLIFY === 'true') {
          logger.info('Netlify rules written; no precompressed files on Netlify (it compresses by itself)');
        } else {
          const count = await precompress(dist);
          logger.info(`Netlify rules written; ${count} files precompressed (.br and .gz)`);
        }
        const server = path.join(path.dirname(dist), 'dist-server');
        await bundleServer(root, server);
        const chunks = manifest.text();
        if (chunks) await writeFile(path.join(server, CLIENT_MANIFEST), chunks);
        logger.info(`server built to ${path.relative(root, server) || '.'}/main.js`);
      },
    },
  };
}

/** The HTML files of `dist`, in their folders, copied to `to`. */
function copyHtml(dist: string, to: string) {
  return cp(dist, to, { recursive: true, filter: (src) => !/\.\w+$/.test(src) || src.endsWith('.html') });
}

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(0)} KB`;
}
