// The content editor at /cms/ (Sveltia CMS, served from our build): its own CSP, every collection of the
// site listed, and an edit saved as a file the build accepts. The editor runs in "local repository" mode,
// as on a marketer's laptop: Chromium's folder picker is a native dialog that Playwright cannot drive, so
// the test hands the editor a folder of the browser's private file system holding a copy of content/ and
// src/assets/ (as a person picking the repository's folder would). GitHub's status feed, the one outside
// service the editor calls, is answered by a mock.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { cmsConfig } from '../../src/cms/config.ts';
import { CMS_CSP } from '../../src/cms/csp.ts';
import { schemas } from '../../src/lib/schemas/content.ts';
import { readFolder, ROOT } from '../helpers/content.ts';
import { tokenFor } from '../helpers/github-oauth.ts';
import { expect, test } from './fixtures/test.ts';

const labels = (cmsConfig({ branch: 'main', siteUrl: '', siteName: '', oauth: false }, '').collections ?? []).map(
  (c) => ('label' in c ? (c.label ?? c.name) : ''),
);

/** The files the editor reads: content/ and the images under src/assets/, base64-encoded. */
function repositoryFiles() {
  return ['content', 'src/assets']
    .flatMap((dir) => readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true }))
    .filter((f) => f.isFile() && /\.(md|json|webp|png|jpe?g|svg)$/.test(f.name))
    .map((f) => {
      const full = path.join(f.parentPath, f.name);
      return { path: path.relative(ROOT, full), data: readFileSync(full).toString('base64') };
    });
}

test("/cms/ answers with its own Content-Security-Policy, not the site's", async ({ request }) => {
  const res = await request.get('/cms/');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-security-policy']).toBe(`${CMS_CSP}; frame-ancestors 'none'`);
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex"');
  // Everything it loads is ours: no CDN.
  for (const src of html.matchAll(/\b(?:src|href)="([^"]+)"/g)) expect(src[1]).toMatch(/^\//);
});

test('/cms/ loads without a CSP violation or console error, lists every collection, and saves a valid file', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route('https://www.githubstatus.com/**', (route) =>
    route.fulfill({ json: { status: { indicator: 'none' } } }),
  );
  await page.addInitScript(() => {
    Object.assign(window, {
      showDirectoryPicker: async () => (await navigator.storage.getDirectory()).getDirectoryHandle('repository'),
    });
  });

  await page.goto('/cms/');
  await page.evaluate(async (files) => {
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('repository', { create: true });
    await root.getDirectoryHandle('.git', { create: true });
    for (const file of files) {
      const parts = file.path.split('/');
      let dir = root;
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
      const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
      await writable.write(Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0)));
      await writable.close();
    }
  }, repositoryFiles());
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();

  const list = page.getByRole('tree', { name: 'Collection List' });
  await expect(list.getByRole('treeitem')).toHaveCount(labels.length);
  for (const [i, label] of labels.entries())
    await expect(list.getByRole('treeitem').nth(i)).toHaveAccessibleName(label);
  // The editor's own viewport tag (it asks for maximum-scale=1) leaves zoom allowed.
  const viewports = page.locator('meta[name="viewport"]');
  expect(await viewports.count()).toBeGreaterThan(0);
  for (const content of await viewports.evaluateAll((metas) => metas.map((m) => (m as HTMLMetaElement).content)))
    expect(content).not.toContain('maximum-scale');
  for (const [folder, label] of [
    ['content/posts', 'Blog posts'],
    ['content/projects', 'Projects'],
    ['content/services', 'Services'],
  ]) {
    await expect(list.getByRole('treeitem', { name: label, exact: true })).toContainText(
      String(readFolder(folder!).length),
    );
  }

  // Edit a project's title and save: the file written passes the build's schema.
  await page.evaluate(() => {
    location.hash = '#/collections/projects/entries/keeper-app';
  });
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).toHaveValue('Keeper');
  // The preview pane lays the project out as its card, in the site's colours (src/cms/preview.ts).
  const preview = page.frameLocator('iframe.preview');
  await expect(preview.locator('.card h2')).toHaveText('Keeper');
  expect(await preview.locator('.eyebrow').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(29, 64, 184)');
  await title.fill('Keeper Notes');
  await page.getByRole('button', { name: 'Save' }).click();
  // The editor writes the file in steps: a read that meets it half-written fails (NotReadableError) and
  // is tried again, as a read of the old text is.
  let text = '';
  const readSaved = async () => {
    text = await page.evaluate(async () => {
      try {
        const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('repository');
        const dir = await (await root.getDirectoryHandle('content')).getDirectoryHandle('projects');
        return await (await (await dir.getFileHandle('keeper-app.md')).getFile()).text();
      } catch (error) {
        if ((error as Error).name === 'NotReadableError') return '';
        throw error;
      }
    });
    return text;
  };
  await expect.poll(readSaved).toContain('title: Keeper Notes');
  const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
  const image = () => z.string().refine((p) => p === '../../src/assets/projects/keeper-app.webp');
  expect(schemas.projects(image).safeParse(parse(front!)).error?.issues ?? []).toEqual([]);
  expect(body!.trim()).toBe(readFolder('content/projects').find((p) => p.file.endsWith('keeper-app.md'))!.body);

  expect(errors).toEqual([]);
});

test('/cms/ built with the sign-in configured offers one sign-in, which signs in through our API', async ({ page }) => {
  test.setTimeout(90_000);
  await page.route('https://www.githubstatus.com/**', (route) =>
    route.fulfill({ json: { status: { indicator: 'none' } } }),
  );
  // GitHub's API, which the editor calls with the token it received: the mock notes the credentials.
  const credentials: string[] = [];
  await page.route('https://api.github.com/**', (route) => {
    credentials.push(route.request().headers().authorization ?? '');
    return route.fulfill({ status: 401, json: { message: 'Bad credentials' } });
  });

  await page.goto('/cms/');
  const signIn = page.getByRole('button', { name: /^Sign In with \W*GitHub\W*$/ });
  await expect(signIn).toBeVisible();
  await expect(page.getByRole('button', { name: /access token/i })).toHaveCount(0);

  // Every request of the page and of the sign-in window it opens.
  const requests: string[] = [];
  page.context().on('request', (request) => requests.push(request.url()));
  const popup = page.waitForEvent('popup');
  await signIn.click();
  await popup;
  // The editor received a token and uses it…
  await expect.poll(() => credentials.length, { timeout: 30_000 }).toBeGreaterThan(0);
  // …after the window went to our API, to GitHub (the mock) and back to our callback with a code,
  // which the API exchanged for exactly this token.
  expect(requests.some((u) => u.includes('/api/v1/cms/auth?provider=github'))).toBe(true);
  expect(requests.some((u) => u.includes('/login/oauth/authorize?client_id='))).toBe(true);
  const callback = requests.find((u) => u.includes('/api/v1/cms/callback?'));
  const code = new URL(callback!).searchParams.get('code')!;
  expect(credentials).toContain(`token ${tokenFor(code)}`);
});
