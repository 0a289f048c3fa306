// The content/ folder: the required counts hold (six services, five projects, two featured cards...), and a bad field fails `astro sync` (and so the build)
// with a message that names the file and the field.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const jsonFiles = (dir: string) =>
  readdirSync(path.join(root, dir))
    .filter((f) => f.endsWith('.json'))
    .map((f) => readJson(path.join(dir, f)));

describe('content holds what the site requires', () => {
  it('has the six services with their exact ids and feature counts', () => {
    const services = jsonFiles('content/services').sort((a, b) => a.order - b.order);
    expect(services.map((s) => [s.id, s.features.length, s.caseStudies?.length ?? 0])).toEqual([
      ['Website-Development', 11, 0],
      ['Mobile Application Development', 3, 0],
      ['CMS Development', 3, 0],
      ['Building Projects', 2, 0],
      ['Automation', 2, 2],
      ['SEO and Analytics', 3, 0],
    ]);
  });

  it('has five projects, the last the MORE card, and two featured cards', () => {
    const projects = jsonFiles('content/projects').sort((a, b) => a.order - b.order);
    expect(projects).toHaveLength(5);
    expect(projects.at(-1).title).toBe('MORE');
    const featured = jsonFiles('content/featured').sort((a, b) => a.order - b.order);
    expect(featured).toHaveLength(2);
    expect(featured[1].link.href).toBe('/contact');
  });

  it('has a privacy policy with the 8 sections, its date and the company e-mail', () => {
    const policy = readFileSync(path.join(root, 'content/policy/privacy-policy.md'), 'utf8');
    const sections = [...policy.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections).toEqual([
      'Interpretation and Definitions',
      'Collecting and Using Your Personal Data',
      'Tracking Technologies and Cookies',
      'Use of Your Personal Data',
      'Retention',
      'Transfer',
      'Security',
      'Contact Us',
    ]);
    expect(policy).toMatch(/^lastUpdated: 2025-06-19$/m);
    expect(policy).toContain(readJson('content/site.json').email);
    for (const s of ['Google', 'Facebook', 'Instagram', 'Twitter', 'LinkedIn']) expect(policy).toContain(`- ${s}\n`);
  });

  it('keeps business hours of Monday to Friday 10:00 AM to 4:00 PM', () => {
    const { hours } = readJson('content/site.json');
    expect(hours).toEqual({
      weekdays: 'Monday to Friday',
      open: '10:00 AM',
      close: '4:00 PM',
      closed: 'Saturday and Sunday',
    });
  });
});

describe('a bad content file fails the build', () => {
  const run = promisify(execFile);

  /** Runs `astro sync` on a copy of the project where `file` is replaced by `change(original)`. */
  async function syncWith(file: string, change: (text: string) => string) {
    const dir = mkdtempSync(path.join(tmpdir(), 'content-check-'));
    try {
      for (const entry of ['astro.config.mjs', 'tsconfig.json', 'package.json', 'src', 'content', 'public']) {
        cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
      }
      symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
      writeFileSync(path.join(dir, file), change(readFileSync(path.join(root, file), 'utf8')));
      await run(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'sync'], {
        cwd: dir,
        env: { ...process.env, NO_COLOR: '1' },
      });
      return '';
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      return stdout + stderr;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('names the file and the field of a wrongly typed service feature', async () => {
    const out = await syncWith('content/services/automation.json', (t) =>
      t.replace('"title": "App integrations"', '"title": 42'),
    );
    expect(out).toContain('content/services/automation.json');
    expect(out).toContain('features.0.title');
  }, 120_000);

  it('names the file and the field of a missing site.json field', async () => {
    const out = await syncWith('content/site.json', (t) => t.replace(/\s*"phone": "[^"]+",/, ''));
    expect(out).toContain('content/site.json');
    expect(out).toContain('phone');
  }, 120_000);
});
