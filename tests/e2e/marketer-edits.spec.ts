// What a marketer does, end to end, on a temporary copy of the repository: add a project with a new image,
// add a feature to a service, then run the build and the unit tests as the README says, and find the new
// items on the built pages. Edits like these must never break the build or the tests by themselves.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { ROOT } from '../helpers/content.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { expect, test } from './fixtures/test.ts';

const run = promisify(execFile);
/** Not copied: installed packages (linked instead), builds, data and test output. */
const SKIP = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', '.git', '.astro']);

let copy = '';
let server: RunningServer | undefined;

test.describe.configure({ mode: 'serial', timeout: 15 * 60_000 });

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000);
  copy = mkdtempSync(path.join(tmpdir(), 'marketer-'));
  cpSync(ROOT, copy, { recursive: true, filter: (src) => !SKIP.has(path.basename(src)) || path.dirname(src) !== ROOT });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');

  // A new project, with an image of its own, placed before the MORE card.
  await sharp({ create: { width: 800, height: 500, channels: 3, background: '#0e7490' } })
    .webp()
    .toFile(path.join(copy, 'src/assets/projects/tea-estate.webp'));
  writeFileSync(
    path.join(copy, 'content/projects/new.md'),
    [
      '---',
      'order: 6',
      'title: Nilgiri Tea Estate',
      'category: E-commerce',
      'tags:',
      '  - Astro',
      '  - Razorpay',
      'image: ../../src/assets/projects/tea-estate.webp',
      'imageAlt: Tea estate shop with packs of green tea',
      'link: https://nilgiri-tea.example.com/',
      '---',
      '',
      'An online shop for a family tea estate: subscriptions, gift boxes and wholesale orders.',
      '',
    ].join('\n'),
  );

  // One more feature for a service, typed under its `features:` list.
  const service = path.join(copy, 'content/services/cms-development.md');
  writeFileSync(
    service,
    readFileSync(service, 'utf8').replace(
      'features:\n',
      'features:\n  - icon: languages\n    title: Multilingual content\n    description: Pages in English, Hindi and Kannada, edited side by side.\n',
    ),
  );

  const env = { ...process.env, NO_COLOR: '1' };
  await run('npm', ['run', 'build'], { cwd: copy, env, maxBuffer: 64 * 1024 * 1024 });
  await run('npx', ['vitest', 'run', '--project', 'unit'], { cwd: copy, env, maxBuffer: 64 * 1024 * 1024 });
  server = await startServer({ env: { DIST_DIR: path.join(copy, 'dist'), DATA_DIR: path.join(copy, 'data') } });
});

test.afterAll(async () => {
  await server?.stop();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test('the new project is on /projects, with its optimised image, before the MORE card', async ({ page }) => {
  await page.goto(`${server!.url}/projects`);
  const cards = page.locator('[data-project-card]');
  const card = cards.filter({ hasText: 'Nilgiri Tea Estate' });
  await expect(card).toHaveCount(1);
  await expect(card.locator('img')).toHaveAttribute('alt', 'Tea estate shop with packs of green tea');
  await expect(card.locator('img')).toHaveAttribute('src', /\/_astro\/tea-estate\.[\w-]+\.webp$/);
  await expect(card).toContainText('subscriptions, gift boxes and wholesale orders');
  await expect(cards.last().locator('h2')).toHaveText('MORE');
});

test('the new feature is on the service page', async ({ page }) => {
  await page.goto(`${server!.url}/service-details/${encodeURIComponent('CMS Development')}`);
  await expect(page.locator('[data-feature]').filter({ hasText: 'Multilingual content' })).toContainText(
    'Hindi and Kannada',
  );
});
