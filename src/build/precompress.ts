// Writes .br and .gz twins of every text file in dist/, so the server (and any CDN that honours
// them) sends compressed bytes without compressing per request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { isCompressible } from '../server/site/mime.ts';

export async function precompress(dist: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !isCompressible(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = await readFile(file);
    if (body.byteLength < 256) continue;
    await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}
