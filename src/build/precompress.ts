// Writes .br and .gz twins of every text file in dist/, so the server (and any CDN that honours
// them) sends compressed bytes without compressing per request. Brotli at quality 11 costs about a
// tenth of a second per page: the twins are kept between builds (./build-cache.ts), and files are
// compressed on every core at once (zlib's thread pool).
import { availableParallelism } from 'node:os';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { isCompressible } from '../server/site/mime.ts';
import { BuildCache } from './build-cache.ts';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };

/** `cacheRoot`: the project whose node_modules/.astro keeps the twins (where `astro build` runs). */
export async function precompress(dist: string, cacheRoot = process.cwd()): Promise<number> {
  const cache = new BuildCache('precompress', cacheRoot);
  const files: string[] = [];
  for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && isCompressible(entry.name)) files.push(path.join(entry.parentPath, entry.name));
  }
  let count = 0;
  const twin = async (file: string) => {
    const body = await readFile(file);
    if (body.byteLength < 256) return;
    await writeFile(`${file}.br`, await cache.get(['br11', body], () => br(body, BROTLI)));
    await writeFile(`${file}.gz`, await cache.get(['gz9', body], () => gz(body, { level: 9 })));
    count++;
  };
  const next = files.values();
  const worker = async () => {
    for (const file of next) await twin(file);
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  await cache.sweep();
  return count;
}
