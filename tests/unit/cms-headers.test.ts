// The editor's policy on Netlify: src/build/netlify-rules.ts keeps /cms/ out of the site-wide
// union (so that no page gains 'unsafe-inline' or GitHub) and gives /cms/* a rule of its own, after /*;
// so does the search's worker (the one file allowed WebAssembly).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeNetlifyRules } from '../../src/build/netlify-rules.ts';
import { CMS_CSP } from '../../src/cms/csp.ts';
import { SEARCH_WORKER } from '../../src/server/site/site-rules.ts';

const page = (csp: string) => `<html><head><meta http-equiv="content-security-policy" content="${csp}"></head></html>`;

describe('Netlify _headers with the editor', () => {
  it("the site-wide rule leaves the editor out; /cms/* follows with the editor's own policy", async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'cms-headers-'));
    try {
      await writeFile(
        path.join(dist, 'index.html'),
        page("default-src 'self'; script-src 'self' 'sha256-ONE'; style-src 'self' 'sha256-S'"),
      );
      await mkdir(path.join(dist, 'cms'));
      await writeFile(path.join(dist, 'cms/index.html'), page(CMS_CSP));
      await writeNetlifyRules(dist);
      const rules = (await readFile(path.join(dist, '_headers'), 'utf8')).split(/\n(?=\/)/);
      expect(rules.map((r) => r.split('\n')[0])).toEqual(['/*', '/_astro/*', '/cms/*', SEARCH_WORKER.path]);
      const [site, , cms, worker] = rules.map((r) => /content-security-policy: (.*)/i.exec(r)?.[1] ?? '');
      expect(site).not.toMatch(/unsafe-inline|api\.github\.com|blob:|wasm-unsafe-eval/);
      expect(worker).toBe(SEARCH_WORKER.csp);
      expect(site).toContain("'sha256-ONE'");
      expect(cms).toBe(`${CMS_CSP}; frame-ancestors 'none'`);
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });
});
