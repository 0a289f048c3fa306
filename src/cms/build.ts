// The Vite build of the editor (src/cms/index.html and main.ts, with Sveltia CMS from npm): the page lands
// at <outDir>/cms/index.html with its CSP in a <meta>, the bundle under <outDir>/_astro/cms/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { site } from '../lib/site.ts';
import type { CmsSettings } from './config.ts';
import { CMS_CSP } from './csp.ts';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/**
 * Where the editor commits when signed in with GitHub: CMS_GITHUB_REPO ("owner/name"), else the repository
 * Netlify builds (REPOSITORY_URL); CMS_GITHUB_BRANCH, else the branch Netlify builds (BRANCH), else main.
 * GitHub sign-in is offered when the API serves it (CMS_GITHUB_CLIENT_ID, src/server/cms/).
 */
export function cmsSettings(env: Record<string, string | undefined>, siteUrl: string): CmsSettings {
  const fromNetlify = /github\.com[/:]([^/]+\/[^/.]+)/.exec(env.REPOSITORY_URL ?? '')?.[1];
  const repo = env.CMS_GITHUB_REPO || fromNetlify;
  if (!repo)
    console.warn('CMS: CMS_GITHUB_REPO is not set: /cms/ can work on a local repository only (docs/deploy.md).');
  return {
    ...(repo ? { repo } : {}),
    branch: env.CMS_GITHUB_BRANCH || env.BRANCH || 'main',
    siteUrl,
    siteName: site.name,
    ...(env.PUBLIC_API_URL ? { apiOrigin: new URL(env.PUBLIC_API_URL).origin } : {}),
    oauth: Boolean(env.CMS_GITHUB_CLIENT_ID),
  };
}

/** Code languages the editor highlights in code blocks; the other 200-odd grammars are left out of the bundle. */
const CODE_LANGUAGES = new Set([
  'astro',
  'css',
  'html',
  'javascript',
  'json',
  'jsx',
  'markdown',
  'python',
  'shellscript',
  'sql',
  'tsx',
  'typescript',
  'xml',
  'yaml',
]);
/** One empty grammar module stands for every language left out (one file, not two hundred). */
const UNUSED_LANGUAGE = '\0shiki-unused-language';

function leanShiki(): Plugin {
  return {
    name: 'agency-cms-shiki-languages',
    enforce: 'pre',
    resolveId(source) {
      const lang = /^@shikijs\/langs\/([\w-]+)$/.exec(source)?.[1];
      return lang && !CODE_LANGUAGES.has(lang) ? UNUSED_LANGUAGE : null;
    },
    load(id) {
      return id === UNUSED_LANGUAGE ? 'export default [];' : null;
    },
  };
}

/**
 * Sveltia registers its fonts from the bundled files, but its stylesheet also declares the same faces on
 * a CDN as a fallback, which the CSP (rightly) refuses. Those declarations are taken out; the build fails
 * if they cannot be found, so that a Sveltia update that moves them is noticed.
 */
function noCdnFonts(): Plugin {
  const cdnFace = /@font-face \{[^}]*https:\/\/cdn\.jsdelivr\.net\/[^}]*\}/g;
  return {
    name: 'agency-cms-no-cdn-fonts',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('@sveltia/cms/npm/index.js')) return null;
      if (!cdnFace.test(code)) this.error('Sveltia CMS: its CDN @font-face rules were not found; see src/cms/build.ts');
      return code.replace(cdnFace, '');
    },
  };
}

/**
 * Sveltia refuses an empty `auth_methods`; we give one when no sign-in can work (no repository), so that
 * only "Work with Local Repository" shows. The check is taken out; the build fails if it is not found.
 */
function noSignInAllowed(): Plugin {
  const check = /Array\.isArray\((\w+)\)&&!\1\.length&&\w+\.add\(\w+\(`config\.error\.no_auth_methods`\)\)/;
  return {
    name: 'agency-cms-no-sign-in',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('@sveltia/cms/npm/index.js')) return null;
      if (!check.test(code)) this.error('Sveltia CMS: its auth_methods check was not found; see src/cms/build.ts');
      return code.replace(check, 'void 0');
    },
  };
}

/** The custom properties of the `@theme` block of the site's stylesheet, for the preview pane. */
export function siteTheme(): string {
  const css = readFileSync(path.join(SRC, 'styles/global.css'), 'utf8');
  const block = /@theme\s*\{([^}]*)\}/.exec(css)?.[1];
  if (!block) throw new Error('src/styles/global.css: no @theme block for the editor preview (src/cms/build.ts)');
  return block.replace(/\s+/g, ' ').trim();
}

export async function buildEditor(outDir: string, settings: CmsSettings): Promise<void> {
  const page = path.join(SRC, 'cms/index.html');
  await build({
    configFile: false,
    root: SRC,
    logLevel: 'warn',
    publicDir: false,
    define: { __CMS_SETTINGS__: JSON.stringify(settings), __CMS_THEME__: JSON.stringify(siteTheme()) },
    plugins: [
      leanShiki(),
      noCdnFonts(),
      noSignInAllowed(),
      {
        name: 'agency-cms-csp',
        transformIndexHtml: { order: 'pre', handler: (html) => html.replace('%CMS_CSP%', CMS_CSP) },
      },
    ],
    build: {
      outDir,
      emptyOutDir: false,
      assetsDir: '_astro/cms',
      modulePreload: { polyfill: false },
      chunkSizeWarningLimit: 4096,
      rollupOptions: { input: page },
    },
  });
}
