// A rebuild copies the blog's pages whose code and content are unchanged from the last build instead of
// rendering them again (Astro's incremental build, keyed by src/pages/blog/_cache-key.ts). In a copy of
// the project: build, change one post's title and replace the picture in another post's body (same file
// name), build again. The retitled post, its sharing image and the listing and tag pages that show it
// must be rendered anew with the new title, the other post with its new picture's address, an untouched
// post restored; and the whole restored build must be byte for byte what a build that renders every page
// (the last build's record removed) writes from the same files.
import { execFile } from 'node:child_process';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRepository, readContentFile, readFolder } from '../helpers/content.ts';

const run = promisify(execFile);
const BUILD_TIMEOUT = 5 * 60_000;
const NEW_TITLE = 'A title changed between two builds';

let copy = '';
/** What the second build printed, colours removed. */
let log = '';
/** The posts of the copy, by file name without .md: the one edited and one left alone. */
let edited = '';
let untouched = '';
/** A post whose body shows a picture, and the picture's addresses in its page before the picture changed. */
let pictured = '';
let picturesBefore: string[] = [];

// A local build, as from a shell: no NODE_ENV (Astro's production build without the deploy's SITE_URL
// check), and none of the variables Vitest sets for its own Vite (DEV=1 would show the drafts).
const buildEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^(VITEST.*|NODE_ENV|NETLIFY|DEV|PROD|MODE|SSR|BASE_URL|TEST)$/.test(name),
  ),
);

async function build(): Promise<string> {
  const { stdout, stderr } = await run(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    cwd: copy,
    env: buildEnv,
    maxBuffer: 64 * 1024 * 1024,
  });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a terminal colour
  return (stdout + stderr).replace(/\x1b\[[0-9;]*m/g, '');
}

/** Every file under dir, as paths relative to it, sorted. */
async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

const restored = (file: string) => log.includes(`├─ ${file} (restored)`);
const built = (file: string) => log.includes(`├─ ${file}`);
const page = (file: string) => readFile(path.join(copy, 'dist', file), 'utf8');
/** The optimised images a page's body shows. */
const pictures = (html: string) => [...html.matchAll(/<img[^>]*\ssrc="(\/_astro\/[^"]+)"/g)].map((m) => m[1]!);

beforeAll(async () => {
  copy = copyRepository('incremental-');
  // Three posts a production build publishes (no draft, dated by today), the third with a picture.
  const posts = readFolder<{ draft?: boolean; date: Date }>('content/posts', copy).filter(
    ({ data }) => !data.draft && new Date(data.date) <= new Date(),
  );
  const picture = posts.slice(2).find(({ body }) => /!\[[^\]]*\]\(([^)]+)\)/.test(body));
  expect(picture).toBeDefined();
  [edited, untouched] = posts.map(({ file }) => path.basename(file, '.md')) as [string, string];
  pictured = path.basename(picture!.file, '.md');
  await build();
  picturesBefore = pictures(await page(`blog/${pictured}/index.html`));
  const file = path.join(copy, 'content/posts', `${edited}.md`);
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace(/^title: .*$/m, `title: "${NEW_TITLE}"`));
  const image = /!\[[^\]]*\]\(([^)]+)\)/.exec(picture!.body)![1]!;
  await sharp({ create: { width: 800, height: 500, channels: 3, background: '#7c2d12' } })
    .webp()
    .toFile(path.join(copy, 'content/posts', image));
  log = await build();
}, 2 * BUILD_TIMEOUT);

afterAll(async () => {
  if (!copy) return;
  await rm(copy, { recursive: true, force: true });
  await rm(`${copy}-incremental`, { recursive: true, force: true });
});

describe('a rebuild after one post changed', () => {
  it('restores an untouched post and its sharing image instead of rendering them', () => {
    expect(built(`/blog/${untouched}/index.html`)).toBe(true);
    expect(restored(`/blog/${untouched}/index.html`)).toBe(true);
    expect(restored(`/blog/${untouched}/og.png`)).toBe(true);
  });

  it('renders the changed post, its sharing image and every list that shows it, with the new title', async () => {
    for (const file of [`/blog/${edited}/index.html`, `/blog/${edited}/og.png`]) {
      expect(built(file), file).toBe(true);
      expect(restored(file), file).toBe(false);
    }
    expect(await page(`blog/${edited}/index.html`)).toContain(NEW_TITLE);
    expect(await page('blog/index.html')).toContain(NEW_TITLE);
    const { tags } = readContentFile<{ tags: string[] }>(`content/posts/${edited}.md`, copy).data;
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) {
      expect(restored(`/blog/tags/${tag}/index.html`), tag).toBe(false);
      expect(await page(`blog/tags/${tag}/index.html`), tag).toContain(NEW_TITLE);
    }
  });

  it('renders a post whose picture was replaced under the same name, with the new picture', async () => {
    expect(restored(`/blog/${pictured}/index.html`)).toBe(false);
    const after = pictures(await page(`blog/${pictured}/index.html`));
    expect(after).toHaveLength(picturesBefore.length);
    expect(after.filter((src) => !picturesBefore.includes(src)).length).toBeGreaterThan(0);
  });

  it(
    'writes byte for byte what a build that renders every page writes',
    async () => {
      // Out of the project: Tailwind reads every file of the project that git would not ignore.
      await rename(path.join(copy, 'dist'), `${copy}-incremental`);
      // The copy's packages are the repository's, linked: this is the record every build of either reads.
      await rm(path.join(copy, 'node_modules/.astro/incremental-build.json'));
      const full = await build();
      expect(full).not.toContain('(restored)');
      const names = await files(path.join(copy, 'dist'));
      expect(await files(`${copy}-incremental`)).toEqual(names);
      expect(names.length).toBeGreaterThan(50);
      const differ: string[] = [];
      for (const name of names) {
        const [a, b] = await Promise.all([
          readFile(path.join(copy, 'dist', name)),
          readFile(path.join(`${copy}-incremental`, name)),
        ]);
        if (!a.equals(b)) differ.push(name);
      }
      expect(differ).toEqual([]);
    },
    BUILD_TIMEOUT,
  );
});
