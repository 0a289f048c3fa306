// The server built to plain JavaScript (esbuild), so that `npm run serve` runs it with Node alone and a
// production install needs no TypeScript runner or other devDependency. Our own modules are bundled;
// packages stay imports of node_modules, and the migrations are copied beside the bundle, where the database code looks first.
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

/** Writes the server's bundle into `out` (emptied first), from the project at `root`. */
export async function bundleServer(root: string, out: string): Promise<void> {
  await rm(out, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts' },
    outdir: out,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  await cp(path.join(root, 'src/server/db/migrations'), path.join(out, 'migrations'), { recursive: true });
}
