// Vite's manifest of the browser chunks (which chunk imports which, statically or lazily), kept for the byte
// budgets (tests/e2e/budgets.spec.ts), which follow a page's imports through it. Astro builds the client
// without a manifest; this plugin asks for one and reads it before Astro's own plugin deletes the .vite
// folder, so that it is never published with the site.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Its file name in dist-server/. */
export const CLIENT_MANIFEST = 'client-manifest.json';

/** A Vite plugin, and the manifest's text once the client build has written it. */
export function clientManifest(): { plugin: Plugin; text: () => string | undefined } {
  let text: string | undefined;
  const plugin: Plugin = {
    name: 'agency-client-manifest',
    apply: 'build',
    configEnvironment: (name) => (name === 'client' ? { build: { manifest: true } } : undefined),
    writeBundle: {
      order: 'pre',
      async handler() {
        if (this.environment.name !== 'client') return;
        text = await readFile(path.join(this.environment.config.build.outDir, '.vite/manifest.json'), 'utf8');
      },
    },
  };
  return { plugin, text: () => text };
}
