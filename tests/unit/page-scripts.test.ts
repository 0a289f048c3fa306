// The scripts a page can load, and which of them run as it loads: a lazy import (the search dialog's)
// waits for the visitor, so its CSS rules must not go inline with the first screen's.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageScripts } from '../../src/build/page-scripts.ts';

describe('pageScripts', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'page-scripts-'));
    await mkdir(path.join(dist, '_astro'));
    const files: Record<string, string> = {
      'header.js': `import{a as t}from"./shared.js";const o=()=>t(()=>import("./dialog.js"),[]);`,
      'shared.js': 'export const a=(f)=>f();',
      'dialog.js': `import"./trap.js";export const open=()=>"search-box";`,
      'trap.js': 'export const trap=1;',
      'island.js': 'export default 1;',
    };
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(dist, '_astro', name), text);
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('counts lazy imports among all scripts, and only static imports among the early ones', async () => {
    const markup =
      '<script type="module" src="/_astro/header.js"></script><astro-island component-url="/_astro/island.js"></astro-island>';
    const { all, early } = await pageScripts(dist, markup);
    const names = (m: Map<string, string>) => [...m.keys()].map((u) => path.posix.basename(u)).sort();
    expect(names(all)).toEqual(['dialog.js', 'header.js', 'island.js', 'shared.js', 'trap.js']);
    expect(names(early)).toEqual(['header.js', 'shared.js']);
  });
});
