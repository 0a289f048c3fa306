// `npm run check:content`: what a marketer runs after editing content/, with no database. In order, each
// stopping at the first problem with the file, the field and what was expected:
//   0. the translations (src/build/translation-report.ts): per language, each English entry without its
//      translation (a WARNING, which does not stop the check: that page shows the English text meanwhile),
//      and each translation the build would refuse, or that has no English file (an ERROR, by file and field);
//   1. the content schema (`astro sync` reads every file of content/ against src/lib/schemas/);
//   2. the content tests and the editor's configuration in step with the schemas;
//   3. the site's build (pages, images, feed, the editor) into a temporary folder, removed afterwards.
// Prints how long each step took.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatReport, translationReport } from '../src/build/translation-report.ts';

const CONTENT_TESTS = ['tests/unit/content.test.ts', 'tests/unit/cms-config.test.ts'];
const out = mkdtempSync(path.join(tmpdir(), 'check-content-'));
const started = Date.now();

function step(name: string, args: string[], env: Record<string, string> = {}) {
  const t = Date.now();
  console.log(`\ncheck:content: ${name}`);
  const result = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0', ...env } });
  if (result.status !== 0) {
    rmSync(out, { recursive: true, force: true });
    console.error(`\ncheck:content: FAILED at "${name}": read the message above (file, field, what was expected).`);
    process.exit(1);
  }
  console.log(`check:content: ${name}: ok in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

{
  const t = Date.now();
  console.log('\ncheck:content: translations');
  const findings = translationReport(path.resolve(import.meta.dirname, '..'));
  console.log(formatReport(findings));
  if (findings.some((f) => f.level === 'error')) {
    rmSync(out, { recursive: true, force: true });
    console.error('\ncheck:content: FAILED at "translations": each ERROR above names the file and the field to fix.');
    process.exit(1);
  }
  console.log(`check:content: translations: ok in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
step('content schema', ['astro', 'sync']);
step('content tests and editor configuration', ['vitest', 'run', '--project', 'unit', ...CONTENT_TESTS]);
// Built as on Netlify: without the precompressed .br/.gz files, which only serve the files faster and took most of the
// build's time; everything that reads the content is built.
step('build', ['astro', 'build', '--outDir', out], { NETLIFY: 'true' });
rmSync(out, { recursive: true, force: true });
console.log(`\ncheck:content: all good in ${((Date.now() - started) / 1000).toFixed(1)} s`);
