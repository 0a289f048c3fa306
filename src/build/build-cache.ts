// Files kept from one build to the next beside Astro's own cache of optimised images (node_modules/.astro,
// which a deploy should keep between builds): each is named by the SHA-256 of everything that made it, so
// a changed input never meets an old answer, and unchanged content skips the work. With 1,000 posts the
// precompressed files and the sharing images were most of a build; a warm build redoes only what changed.
// Deleting the folder makes the next build cold.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The digest of the build's own code (every file of src/build/) and of the locked packages: an answer
 * made by the code of a pass over dist/ is kept under it, so that changed code never meets an old answer.
 */
export async function codeDigest(root: string): Promise<string> {
  const dir = path.join(root, 'src', 'build');
  const hash = createHash('sha256');
  const files = [...(await readdir(dir)).sort().map((f) => path.join(dir, f)), path.join(root, 'package-lock.json')];
  for (const file of files) {
    hash.update(file.slice(root.length)).update('\0');
    hash.update(await readFile(file).catch(() => Buffer.alloc(0))).update('\0');
  }
  return hash.digest('hex');
}

export class BuildCache {
  readonly dir: string;
  private readonly used = new Set<string>();

  constructor(kind: string, root = process.cwd()) {
    this.dir = path.join(root, 'node_modules', '.astro', kind);
  }

  /** `make()`'s answer for these inputs: from the cache, or made now and kept. */
  async get(inputs: (string | Buffer)[], make: () => Promise<Buffer>): Promise<Buffer> {
    const hash = createHash('sha256');
    for (const input of inputs) hash.update(input).update('\0');
    const name = hash.digest('hex');
    this.used.add(name);
    const file = path.join(this.dir, name);
    const kept = await readFile(file).catch(() => undefined);
    if (kept) return kept;
    const made = await make();
    await mkdir(this.dir, { recursive: true });
    // Written aside and renamed: a build running at the same time never reads half a file.
    const aside = `${file}.${process.pid}.tmp`;
    await writeFile(aside, made);
    await rename(aside, file);
    return made;
  }

  /** Removes what this run did not ask for, so that the folder holds one build's worth. */
  async sweep(): Promise<void> {
    for (const name of await readdir(this.dir).catch(() => [])) {
      if (!this.used.has(name) && !name.endsWith('.tmp')) await rm(path.join(this.dir, name), { force: true });
    }
  }
}
