// What a marketer sees in `npm run dev`, on a temporary copy of the repository: a draft post and a post
// dated in the future are shown, marked "Draft" and "Scheduled for …", on their pages and in the listing;
// a front-matter mistake shows its message in the browser (the same message as the terminal) until it is
// fixed. Uses Playwright's own `test`: the shared fixture checks the built pages' CSS cut, which the dev
// server does not make.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { copyRepository } from '../helpers/content.ts';
import { freePort } from '../helpers/server.ts';

const FUTURE = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

let copy = '';
let dev: ChildProcess | undefined;
let url = '';
let terminal = '';

function writePost(name: string, title: string, extra: string[]) {
  const front = [
    '---',
    `title: ${title}`,
    `description: ${title}, in a few words.`,
    'author: Priya Raman',
    'tags:',
    '  - notes',
    'cover: ../../src/assets/posts/seo-before-ads.webp',
    'coverAlt: Illustration for the post',
    ...extra,
    '---',
  ];
  writeFileSync(path.join(copy, `content/posts/${name}.md`), `${front.join('\n')}\n\nA few words.\n`);
}

/**
 * Saves a file whole, as an editor that writes a copy and renames it does. A file written in place is
 * seen by the dev server's watcher as two changes, the first of an empty file, and the second is
 * sometimes not reported: the page would show the empty file's mistakes until the next save.
 */
function save(file: string, text: string) {
  const draft = path.join(copy, '.saving');
  writeFileSync(draft, text);
  renameSync(draft, file);
}

test.describe.configure({ mode: 'serial', timeout: 5 * 60_000 });

test.beforeAll(async () => {
  test.setTimeout(5 * 60_000);
  copy = copyRepository('dev-content-');
  writePost('unfinished', 'An unfinished thought', ['date: 2026-01-05', 'draft: true']);
  writePost('next-year', 'What we will ship next year', [`date: ${FUTURE}`]);

  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  dev = spawn('npx', ['astro', 'dev', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: copy,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', DATA_DIR: path.join(copy, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx and the astro process under it stop together.
    detached: true,
  });
  const ready = new Promise<void>((resolve, reject) => {
    dev!.on('exit', (code) => reject(new Error(`astro dev exited (${code}):\n${terminal}`)));
    const read = (chunk: Buffer) => {
      terminal += chunk.toString();
      if (terminal.includes(url) || /ready in/i.test(terminal)) resolve();
    };
    dev!.stdout!.on('data', read);
    dev!.stderr!.on('data', read);
  });
  await ready;
});

test.afterAll(async () => {
  if (dev?.pid && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev!.once('exit', resolve));
    process.kill(-dev.pid, 'SIGTERM');
    await exited;
  }
  if (copy) rmSync(copy, { recursive: true, force: true, maxRetries: 5 });
});

test('a draft and a scheduled post are shown, marked, on their pages and in the listing', async ({ page }) => {
  await page.goto(`${url}/blog/unfinished/`);
  await expect(page.locator('main h1')).toHaveText('An unfinished thought');
  await expect(page.locator('[data-post-state]')).toHaveText('Draft');

  await page.goto(`${url}/blog/next-year/`);
  await expect(page.locator('[data-post-state]')).toHaveText(/^Scheduled for /);

  await page.goto(`${url}/blog/`);
  const card = (title: string) => page.locator('[data-post-card]').filter({ hasText: title });
  await expect(card('What we will ship next year').locator('[data-post-state]')).toHaveText(/^Scheduled for /);
  await expect(card('An unfinished thought').locator('[data-post-state]')).toHaveText('Draft');
  // A published post carries no mark.
  const published = page.locator('[data-post-card]').filter({ hasNot: page.locator('[data-post-state]') });
  await expect(published.first()).toBeVisible();
});

test('a misspelt front-matter field shows its message in the browser until it is fixed', async ({ page }) => {
  const hero = path.join(copy, 'content/home/hero.md');
  const text = readFileSync(hero, 'utf8');
  const headline = /^headline: (.*)$/m.exec(text)![1]!;
  await page.goto(url);
  await expect(page.locator('main h1')).toContainText(headline.replace(/^["']|["']$/g, '').slice(0, 20));

  save(hero, text.replace(/^headline:/m, 'headlin:'));
  const message = page.locator('[data-content-error]');
  await expect(message).toContainText('headline: Missing');
  await expect(message).toContainText('headlin: Unknown field');
  // The same message as the terminal's (which prints Astro's **names** in bold, as the page does).
  const said = terminal.replace(/\*\*/g, '');
  const shown = (await message.textContent())!.trim().split('\n');
  expect(shown.length).toBeGreaterThan(2);
  for (const line of shown) expect(said).toContain(line.trim());
  // Another page says the same while the mistake is there. The fix reaches the page as Vite's reload
  // message, so the file is saved once the page's Vite client has connected (a busy machine can take
  // seconds to get there, and a message sent before is not seen).
  const connected = page.waitForEvent('console', (m) => m.text().includes('[vite] connected'));
  await page.goto(`${url}/blog/`);
  await expect(page.locator('[data-content-error]')).toContainText('headline: Missing');
  await connected;

  save(hero, text);
  // Astro reloads the collection, then the page reloads: a bound for a busy machine, not a measure.
  await expect(page.locator('[data-content-error]')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.locator('[data-post-card]').first()).toBeVisible();
});
