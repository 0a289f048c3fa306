// Builds the server to plain JavaScript in dist-server/ (esbuild): `npm run serve` then runs it with Node
// alone, so a production install needs no TypeScript runner or other devDependency. Our own modules are
// bundled; packages stay imports of node_modules. The PGlite worker is an entry of its own (it runs in a
// thread), and the migrations are copied beside the bundle, where the database code looks first.
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const out = path.resolve(process.argv[2] ?? 'dist-server');
await rm(out, { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts', 'pglite-worker': 'src/server/db/pglite-worker.ts' },
  outdir: out,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: 'linked',
  logLevel: 'warning',
});
await cp('src/server/db/migrations', path.join(out, 'migrations'), { recursive: true });
console.log(`build-server: ${path.relative(process.cwd(), out)}/main.js`);
