// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { apiDevPlugin } from './src/server/dev-plugin.ts';

// SITE_URL decides canonical links, Open Graph URLs and the sitemap.
const site = process.env.SITE_URL ?? 'http://localhost:4321';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [
    react(),
    sitemap({
      // Account screens and the 404 shell are not landing pages for search engines.
      filter: (page) =>
        !/\/(login|Signup|forgot-password|email-verify|userdashboard|admin|google-verify|404|service-details\/not-found)/.test(
          new URL(page).pathname,
        ),
    }),
  ],
  vite: {
    plugins: [tailwindcss(), apiDevPlugin()],
  },
});
