// Runs after `astro build` (see the `build` script): Netlify's _headers (the pages' CSP), and .br/.gz twins
// of every text file for the Node server. Netlify compresses by itself and would publish the twins as
// files of their own, so a build on Netlify (which sets NETLIFY=true) writes none.
import path from 'node:path';
import { moveIslandStyleToHead } from './postbuild/island-style.ts';
import { writeNetlifyHeaders } from './postbuild/netlify-headers.ts';
import { precompress } from './postbuild/precompress.ts';

const dist = path.resolve(process.argv[2] ?? 'dist');
await moveIslandStyleToHead(dist);
await writeNetlifyHeaders(dist);
if (process.env.NETLIFY === 'true') {
  console.log('postbuild: _headers written; no .br/.gz twins on Netlify (it compresses by itself)');
} else {
  const count = await precompress(dist);
  console.log(`postbuild: _headers written; ${count} files precompressed (.br and .gz)`);
}
