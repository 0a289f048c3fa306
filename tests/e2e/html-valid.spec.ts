// Every page of the build that the suite serves is valid HTML under html-validate's recommended rules
// (.htmlvalidate.mjs says which rules are relaxed and why). It reads the files of the build that the
// global setup made, so it needs no second build.
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { expect, test } from './fixtures/test.ts';

test('every built page is valid HTML', async () => {
  const dist = process.env.E2E_BUILD_DIR;
  if (!dist) throw new Error('E2E_BUILD_DIR is not set: run through playwright.config.ts');
  const validator = new HtmlValidate(new FileSystemConfigLoader());
  const pages = (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name));
  // The site has two dozen pages; fewer means the walk missed them, not that they are valid.
  expect(pages.length).toBeGreaterThanOrEqual(20);

  const problems: string[] = [];
  for (const file of pages) {
    // Named as if inside the repository, so that the loader finds .htmlvalidate.mjs at its root.
    const name = path.resolve('dist', path.relative(dist, file));
    const report = await validator.validateString(await readFile(file, 'utf8'), name);
    for (const result of report.results) {
      for (const m of result.messages) {
        problems.push(`${path.relative(dist, file)}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
      }
    }
  }
  expect(problems).toEqual([]);
});

// The W3C Nu HTML Checker (npm vnu-jar, run on Java) over the same files: it knows the HTML standard's
// content models and attribute rules beyond html-validate's. Its CSS parser predates what Tailwind writes,
// so three of its CSS messages are set aside, each by its whole text: the @property at-rule, the
// margin-trim test inside an @supports condition, and custom properties named in transition-property (all
// valid CSS that Chromium reads).
const OUTDATED_CSS_PARSER = [
  /^CSS: Unrecognized at-rule “@property”\.?$/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.$/,
  /^CSS: “transition-property”: “--tw-[\w-]+” is not a “transition-property” value\.$/,
];

test('the W3C Nu HTML Checker finds no error in any built page', async () => {
  test.setTimeout(180_000);
  const dist = process.env.E2E_BUILD_DIR;
  if (!dist) throw new Error('E2E_BUILD_DIR is not set: run through playwright.config.ts');
  const pages = (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name));
  expect(pages.length).toBeGreaterThanOrEqual(20);
  const jar = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');
  // Exit status 1 means "errors found": the report is on stderr either way.
  const { stderr } = await new Promise<{ stderr: string }>((resolve, reject) =>
    execFile(
      'java',
      ['-jar', jar, '--format', 'json', '--errors-only', ...pages],
      { maxBuffer: 64 << 20 },
      (error, _out, err) => (err.startsWith('{') ? resolve({ stderr: err }) : reject(error ?? new Error(err))),
    ),
  );
  const { messages } = JSON.parse(stderr) as {
    messages: Array<{ type: string; url: string; message: string; lastLine?: number }>;
  };
  const errors = messages
    .filter((m) => m.type === 'error' || m.type === 'non-document-error')
    .filter((m) => !OUTDATED_CSS_PARSER.some((known) => known.test(m.message)))
    .map((m) => `${path.relative(dist, new URL(m.url).pathname)}:${m.lastLine ?? 0} ${m.message}`);
  expect(errors).toEqual([]);
});
