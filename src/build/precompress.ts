// Writes precompressed .br and .gz files of every text file in dist/, so the server (and any CDN that honours
// them) sends compressed bytes without compressing per request. Brotli at quality 11 costs about a
// tenth of a second per page: files are compressed on every core at once (zlib's thread pool).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import pMap from 'p-map';
import { isCompressible } from '../server/site/mime.ts';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
// Files in flight: the compressions fill zlib's thread pool (four threads).
const IN_FLIGHT = 8;

export async function precompress(dist: string): Promise<number> {
  const files: string[] = [];
  for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && isCompressible(entry.name)) files.push(path.join(entry.parentPath, entry.name));
  }
  let count = 0;
  await pMap(
    files,
    async (file) => {
      const body = await readFile(file);
      if (body.byteLength < 256) return;
      await writeFile(`${file}.br`, await br(body, BROTLI));
      await writeFile(`${file}.gz`, await gz(body, { level: 9 }));
      count++;
    },
    { concurrency: IN_FLIGHT },
  );
  return count;
}
