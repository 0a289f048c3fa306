// @ts-check
// First, before any integration loads React: the build always makes production bundles.
import './src/build/production-mode.ts';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { apiDevPlugin } from './src/server/dev-plugin.ts';
import { clientDirectives } from './src/directives/register.ts';
import { readEnv } from './src/config/env.ts';
import { cmsEditor } from './src/cms/integration.ts';
import { postBuild } from './src/build/post-build.ts';
import { checkedSiteConfig } from './src/build/build-env.ts';
import { contentErrorsInBrowser } from './src/build/content-errors.ts';
import { satteri } from '@astrojs/markdown-satteri';
import { codeRegions } from './src/build/code-regions.ts';
import { headBoot } from './src/build/head-boot.ts';
import { sharedChunks } from './src/build/shared-chunks.ts';
import { DEFAULT_LOCALE, LANGUAGES, LOCALES } from './src/i18n/locales.ts';
import { isNoindexPage, sitemapPages } from './src/build/sitemap-pages.ts';

// The variables as the server reads them (.env files through Vite's loadEnv, the environment winning),
// checked by the server's schema. SITE_URL decides canonical links, Open Graph URLs and the sitemap; a
// separately hosted API (PUBLIC_API_URL) must be allowed by the CSP's connect-src.
const env = await readEnv('production', fileURLToPath(new URL('.', import.meta.url)));
// A bad value stops the build with the message naming it. NODE_ENV here is Astro's own (production for
// every build); the integration below checks the one the build was started with (src/build/build-env.ts).
const { siteUrl: site, apiOrigin } = checkedSiteConfig(env, undefined);

export default defineConfig({
  site,
  // `npm run dev` listens where `npm start` would (PORT, from the environment or the .env files).
  server: { port: Number(env.PORT) || 4321 },
  output: 'static',
  trailingSlash: 'ignore',
  // English at today's addresses, every other language under its prefix (/hi/contact). No redirect by the
  // browser's language: a search engine and a shared link see the address they asked for.
  i18n: { locales: [...LOCALES], defaultLocale: DEFAULT_LOCALE, routing: { prefixDefaultLocale: false } },
  // Every page carries its CSS inline (hashed into the CSP like the rest): no render-blocking request
  // before the first paint (docs/decisions/052-page-css-and-fonts.md). Four pages rendered at once: one
  // page's file is written while the next renders.
  build: { format: 'directory', inlineStylesheets: 'always', concurrency: 4 },
  integrations: [
    react(),
    clientDirectives(),
    headBoot(),
    // The content editor at /cms/ (CMS_GITHUB_REPO and CMS_GITHUB_BRANCH from `env`).
    cmsEditor(env),
    // `npm run dev`: a content file that fails its schema shows its message in the browser.
    contentErrorsInBrowser(),
    sitemapPages(),
    sitemap({
      // Account screens, the 404 shells and any page marked noindex (a page whose translation is missing)
      // are not landing pages for search engines.
      filter: (page) =>
        !/\/(login|Signup|forgot-password|email-verify|userdashboard|account|admin|google-verify|404|service-details\/not-found)/.test(
          new URL(page).pathname,
        ) && !isNoindexPage(page),
      // Each page's versions in the other languages, as its hreflang links give them.
      i18n: {
        defaultLocale: DEFAULT_LOCALE,
        locales: Object.fromEntries(LOCALES.map((locale) => [locale, LANGUAGES[locale].intl])),
      },
    }),
    // Last: the production check first; at the end CSS per page, Netlify's _headers and the .br/.gz twins
    // over every file the others wrote, and the server built into dist-server/.
    postBuild(env),
  ],
  security: {
    // Hashes for every script and style Astro emits, in a <meta> CSP on each page; the server and
    // netlify.toml repeat it as a header with frame-ancestors (see docs/decisions/004-content-security-policy-and-headers.md).
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "base-uri 'self'",
        "object-src 'none'",
        "form-action 'self'",
        // data: for the hero globe's texture (cobe draws its map from a data: PNG).
        "img-src 'self' data:",
        "font-src 'self'",
        `connect-src 'self' https://accounts.google.com${apiOrigin ? ` ${apiOrigin}` : ''}`,
        'frame-src https://accounts.google.com',
      ],
      scriptDirective: { resources: ["'self'", 'https://accounts.google.com/gsi/client'] },
      styleDirective: { resources: ["'self'", 'https://accounts.google.com/gsi/style'] },
    },
  },
  // Code blocks in Markdown (blog posts): Prism marks tokens with classes, where Shiki would write inline
  // style attributes that the pages' CSP refuses. Each block is a focusable, named region (it may scroll).
  markdown: { syntaxHighlight: 'prism', processor: satteri({ hastPlugins: [codeRegions] }) },
  vite: {
    plugins: [tailwindcss(), apiDevPlugin(), sharedChunks()],
  },
});
