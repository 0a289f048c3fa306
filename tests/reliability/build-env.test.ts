// The build as a new user runs it: a copy of the project with its settings in `.env` only (none of them in
// the environment), NODE_ENV=development left in the shell, and Netlify's NETLIFY=true for the post-build
// step. The site's address must reach canonical links, Open Graph tags and the sitemap, the API's origin the
// CSP (the pages' <meta> and Netlify's _headers) and the browser bundle; React must be its production build;
// and no precompressed .br/.gz files may be published on Netlify. Then the server, started in the same folder with nothing
// in its environment either, reads the same .env.
import { execFile, spawn } from 'node:child_process';
import { appendFile, cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/server.ts';

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const SITE = 'https://www.example.org';
const API = 'https://api.example.net';

let project: string;
let out: string;
let buildLog = '';

/** Every file under dir, as paths relative to it. */
async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

const read = (file: string) => readFile(path.join(out, file), 'utf8');
const cspOf = (html: string) => /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(html)?.[1] ?? '';
const connectSrc = (csp: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('connect-src')) ?? '';

beforeAll(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'build-env-'));
  for (const entry of ['astro.config.mjs', 'package.json', 'tsconfig.json', 'src', 'content', 'public', 'scripts']) {
    await cp(path.join(repo, entry), path.join(project, entry), { recursive: true });
  }
  await symlink(path.join(repo, 'node_modules'), path.join(project, 'node_modules'), 'dir');
  await writeFile(path.join(project, '.env'), `SITE_URL=${SITE}\nPUBLIC_API_URL=${API}/\nNODE_ENV=development\n`);
  out = path.join(project, 'dist');

  // Nothing of the site's settings in the environment: only the .env file may bring them.
  const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'development', NETLIFY: 'true' };
  for (const name of ['SITE_URL', 'PUBLIC_API_URL', 'PUBLIC_GOOGLE_CLIENT_ID']) delete env[name];
  const started = performance.now();
  const astro = await run(process.execPath, [path.join(repo, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: project,
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  buildLog = astro.stdout + astro.stderr;
  console.log(`build with .env: ${Math.round(performance.now() - started)} ms`);
}, 300_000);

afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

describe('a build configured by .env alone', () => {
  it('puts SITE_URL in canonical links and Open Graph tags of every page', async () => {
    // The content editor at /cms/ is a tool, not a page of the site, and the not-found pages have no address
    // of their own: they have no canonical link.
    const pages = (await files(out)).filter(
      (f) => f.endsWith('.html') && !/(^|\/)cms\//.test(f) && !/(^|\/)404(\.html|\/index\.html)$/.test(f),
    );
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) {
      const html = await read(page);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1];
      const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
      expect(canonical, page).toMatch(new RegExp(`^${SITE}/`));
      expect(ogUrl, page).toBe(canonical);
      expect(ogImage, page).toMatch(new RegExp(`^${SITE}/`));
      expect(html, page).not.toContain('localhost:4321');
    }
    expect(/<link rel="canonical" href="([^"]+)"/.exec(await read('projects/index.html'))?.[1]).toMatch(
      new RegExp(`^${SITE}/projects/?$`),
    );
  });

  it('puts SITE_URL in the sitemap', async () => {
    const sitemaps = (await files(out)).filter((f) => /^sitemap.*\.xml$/.test(f));
    expect(sitemaps).toContain('sitemap-index.xml');
    const locs = (await Promise.all(sitemaps.map(read))).flatMap((xml) =>
      [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!),
    );
    expect(locs.length).toBeGreaterThan(5);
    for (const loc of locs) expect(loc).toMatch(new RegExp(`^${SITE}/`));
    expect(locs).toContain(`${SITE}/projects/`);
  });

  it("allows PUBLIC_API_URL's origin in the CSP connect-src of the pages and of Netlify's _headers, and the islands call it", async () => {
    for (const page of ['index.html', 'contact/index.html', 'login/index.html']) {
      expect(connectSrc(cspOf(await read(page))), page).toContain(API);
    }
    const headers = await read('_headers');
    expect(connectSrc(/content-security-policy: (.+)/i.exec(headers)?.[1] ?? '')).toContain(API);
    const scripts = (await files(out)).filter((f) => f.startsWith('_astro/') && f.endsWith('.js'));
    const bundles = await Promise.all(scripts.map(read));
    expect(bundles.some((js) => js.includes(API))).toBe(true);
  });

  it('ships production bundles although NODE_ENV=development is in the shell, and says so', async () => {
    expect(buildLog).toMatch(/NODE_ENV=development ignored: the build always makes production bundles/);
    const scripts = (await files(out)).filter((f) => f.startsWith('_astro/') && f.endsWith('.js'));
    const bundles = await Promise.all(scripts.map(async (f) => ({ f, js: await read(f) })));
    const react = bundles.filter((b) => b.js.includes('__REACT_DEVTOOLS_GLOBAL_HOOK__'));
    expect(react.length).toBeGreaterThan(0);
    // jsxDEV and React's DOM-nesting warnings exist only in its development build.
    for (const { f, js } of bundles) {
      expect(js, f).not.toContain('jsxDEV');
      expect(js, f).not.toContain('In HTML, %s cannot be a child of');
    }
    const bytes = react.reduce((n, b) => n + Buffer.byteLength(b.js), 0);
    console.log(`React-bearing chunks: ${react.length}, ${Math.round(bytes / 1024)} KiB`);
  });

  it('publishes no precompressed .br/.gz files on Netlify', async () => {
    expect(buildLog).toMatch(/no precompressed files on Netlify/);
    expect((await files(out)).filter((f) => /\.(br|gz)$/.test(f))).toEqual([]);
  });
});

describe('the server in the same folder', () => {
  it('reads the same .env (its port and site come from the file) and serves that build', async () => {
    const port = await freePort();
    await appendFile(path.join(project, '.env'), `PORT=${port}\nHOST=127.0.0.1\nLOG_LEVEL=error\n`);
    const env: Record<string, string | undefined> = { ...process.env };
    for (const name of [
      'SITE_URL',
      'PUBLIC_API_URL',
      'NODE_ENV',
      'PORT',
      'HOST',
      'DATA_DIR',
      'DIST_DIR',
      'DATABASE_URL',
    ])
      delete env[name];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: project,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    try {
      let home: Response | undefined;
      // A first start makes the embedded database: generous on a busy machine.
      const deadline = Date.now() + 180_000;
      while (!home && child.exitCode === null && Date.now() < deadline) {
        home = await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
        if (!home) await new Promise((r) => setTimeout(r, 200));
      }
      expect(home?.status, output).toBe(200);
      expect(/<link rel="canonical" href="([^"]+)"/.exec(await home!.text())?.[1]).toBe(`${SITE}/`);
      expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toEqual({ status: 'ok', db: 'up' });
    } finally {
      child.kill('SIGTERM');
    }
  }, 240_000);
});
