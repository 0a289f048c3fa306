// Where configuration comes from, for the build and the server alike: Vite's own loadEnv (what `astro build`
// uses to inline PUBLIC_ variables) over .env, .env.local, .env.<mode> and .env.<mode>.local in the project
// folder, with real environment variables winning. The Netlify Function does not read files: the platform
// hands it its variables (docs/decisions/001-versions-and-configuration.md).
import { existsSync } from 'node:fs';
import path from 'node:path';

/** `production` for `astro build` and the server; `development` for `astro dev`. */
export type EnvMode = 'production' | 'development';

export async function readEnv(mode: EnvMode = 'production', root = process.cwd()): Promise<Record<string, string>> {
  const files = ['.env', '.env.local', `.env.${mode}`, `.env.${mode}.local`];
  if (!files.some((file) => existsSync(path.join(root, file)))) {
    // Nothing to read: the environment as it is, without loading Vite (seconds on a busy machine).
    return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  }
  const { loadEnv } = await import('vite');
  // The '' prefix keeps every variable, not only PUBLIC_ ones; the values are checked by config.ts.
  return loadEnv(mode, root, '');
}
