// What the build keeps between builds (src/build/build-cache.ts) and the precompressed files it makes with it
// (src/build/precompress.ts): an answer is reused only for the same inputs, a changed input is made
// afresh, a sweep keeps only what the last run asked for, the code's digest follows the code, and the
// twins decode to the file.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildCache, codeDigest } from '../../src/build/build-cache.ts';
import { precompress } from '../../src/build/precompress.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'build-cache-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('BuildCache', () => {
  it('makes an answer once per inputs, across runs, and sweeps what a run did not ask for', async () => {
    const made: string[] = [];
    const make = (text: string) => async () => {
      made.push(text);
      return Buffer.from(text.toUpperCase());
    };
    const first = new BuildCache('kind', root);
    expect((await first.get(['a'], make('a'))).toString()).toBe('A');
    expect((await first.get(['b'], make('b'))).toString()).toBe('B');
    const second = new BuildCache('kind', root);
    expect((await second.get(['a'], make('a'))).toString()).toBe('A');
    expect(made).toEqual(['a', 'b']);
    // Inputs are kept apart: ['ab'] is not ['a', 'b'].
    expect((await second.get(['a', 'b'], make('a,b'))).toString()).toBe('A,B');
    expect((await second.get(['ab'], make('ab'))).toString()).toBe('AB');
    await second.sweep();
    expect(await readdir(second.dir)).toHaveLength(3);
    const third = new BuildCache('kind', root);
    await third.get(['b'], make('b'));
    expect(made).toEqual(['a', 'b', 'a,b', 'ab', 'b']);
  });
});

describe('precompress', () => {
  it('writes precompressed .br and .gz files that decode to each text file, the same from the cache', async () => {
    const dist = path.join(root, 'dist');
    await mkdir(path.join(dist, 'blog'), { recursive: true });
    const page = `<!doctype html><title>x</title>${'<p>a paragraph</p>'.repeat(100)}`;
    await writeFile(path.join(dist, 'blog/index.html'), page);
    await writeFile(path.join(dist, 'tiny.css'), 'a{}');
    await writeFile(path.join(dist, 'photo.webp'), Buffer.alloc(4096));
    for (let run = 0; run < 2; run++) {
      expect(await precompress(dist, root)).toBe(1);
      expect(brotliDecompressSync(await readFile(path.join(dist, 'blog/index.html.br'))).toString()).toBe(page);
      expect(gunzipSync(await readFile(path.join(dist, 'blog/index.html.gz'))).toString()).toBe(page);
    }
    expect(await readdir(path.join(root, 'node_modules/.astro/precompress'))).toHaveLength(2);
    expect((await readdir(dist)).sort()).toEqual(['blog', 'photo.webp', 'tiny.css']);
  });
});

describe('codeDigest', () => {
  it('changes with any file of src/build/ and with the lock file', async () => {
    await mkdir(path.join(root, 'src/build'), { recursive: true });
    await writeFile(path.join(root, 'src/build/pass.ts'), 'export const a = 1;');
    await writeFile(path.join(root, 'package-lock.json'), '{}');
    const first = await codeDigest(root);
    expect(await codeDigest(root)).toBe(first);
    await writeFile(path.join(root, 'src/build/other.ts'), '');
    const second = await codeDigest(root);
    expect(second).not.toBe(first);
    await writeFile(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(await codeDigest(root)).not.toBe(second);
  });
});
