// Runs after `astro build` (see the `build` script): each page's CSS cut to what it uses, Netlify's _headers
// (the pages' CSP), and .br/.gz twins of every text file for the Node server. Netlify compresses by itself
// and would publish the twins as files of their own, so a build on Netlify (which sets NETLIFY=true) writes
// none.
import path from 'node:path';
import { moveIslandStyleToHead } from './postbuild/island-style.ts';
import { prunePagesCss } from './postbuild/page-css.ts';
import { writeNetlifyHeaders } from './postbuild/netlify-headers.ts';
import { precompress } from './postbuild/precompress.ts';

const dist = path.resolve(process.argv[2] ?? 'dist');
await moveIslandStyleToHead(dist);
const css = await prunePagesCss(dist);
console.log(`postbuild: CSS per page on ${css.pages} pages (HTML ${kb(css.before)} -> ${kb(css.after)} in all)`);
await writeNetlifyHeaders(dist);
if (process.env.NETLIFY === 'true') {
  console.log('postbuild: _headers written; no .br/.gz twins on Netlify (it compresses by itself)');
} else {
  const count = await precompress(dist);
  console.log(`postbuild: _headers written; ${count} files precompressed (.br and .gz)`);
}

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(0)} KB`;
}
