// Every page of the build that the suite serves is valid HTML under html-validate's recommended rules
// (.htmlvalidate.mjs says which rules are relaxed and why). It reads the files of the build that the
// global setup made, so it needs no second build.
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
