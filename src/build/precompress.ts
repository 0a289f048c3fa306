// Writes precompressed .br and .gz files of every text file in dist/, so the server (and any CDN that honours
// them) sends compressed bytes without compressing per request. Brotli at quality 11 costs about a
// tenth of a second per page: the precompressed files are kept between builds (./build-cache.ts), and files are
// compressed on every core at once (zlib's thread pool).
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { isCompressible } from '../server/site/mime.ts';
import { BuildCache } from './build-cache.ts';
import { eachAtOnce } from './each-at-once.ts';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
// Files in flight: the compressions fill zlib's thread pool (four threads), and a warm build, whose precompressed files
// come from the cache, waits on the disk alone.
const IN_FLIGHT = 8;

/** `cacheRoot`: the project whose node_modules/.astro keeps the precompressed files (where `astro build` runs). */
export async function precompress(dist: string, cacheRoot = process.cwd()): Promise<number> {
  const cache = new BuildCache('precompress', cacheRoot);
  const files: string[] = [];
  for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && isCompressible(entry.name)) files.push(path.join(entry.parentPath, entry.name));
  }
  let count = 0;
  await eachAtOnce(files, IN_FLIGHT, async (file) => {
    const body = await readFile(file);
    if (body.byteLength < 256) return;
    // The precompressed files are kept by the file's digest: hashed once, not once per precompressed file.
    const digest = createHash('sha256').update(body).digest('base64');
    await writeFile(`${file}.br`, await cache.get(['br11', digest], () => br(body, BROTLI)));
    await writeFile(`${file}.gz`, await cache.get(['gz9', digest], () => gz(body, { level: 9 })));
    count++;
  });
  await cache.sweep();
  return count;
}
