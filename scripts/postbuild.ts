// Runs after `astro build` (see the `build` script).
import path from 'node:path';
import { precompress } from './postbuild/precompress.ts';
import { writeNetlifyHeaders } from './postbuild/netlify-headers.ts';

const dist = path.resolve(process.argv[2] ?? 'dist');
await writeNetlifyHeaders(dist);
const count = await precompress(dist);
console.log(`postbuild: _headers written; ${count} files precompressed (.br and .gz)`);
