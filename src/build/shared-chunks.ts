// How the browser's modules are split into files. By default the bundler gives every module shared by two
// entries a file of its own: the landing page loaded 24 files, a third of them under 1 KB, and a small file
// compresses worse alone (each starts gzip's dictionary afresh). Two groups gather small shared modules
// that load together (the landing page went from 100.7 KB in 24 files to 99.9 KB in 15; docs/performance.md):
// - `site`: what the pages' own scripts share (constants, the colour scheme, the cookie choice, the idle
//   helper) and the bundler's lazy-import helper: every page's header and footer load most of it;
// - `react-shared`: React itself and what every island wraps itself in or styles itself with, and the form
//   hook with its field and error shape that nearly every island uses, loaded with the first island.
// - `zod`: the library and src/lib/schemas/zod.ts, which sets its `jitless` (our Content-Security-Policy
//   refuses the `new Function` zod otherwise tries). Our schemas import zod through that module, but the
//   bundler links a re-exported binding straight to the library: with the module in another file, a page
//   whose schemas needed no other export of it (/admin/bookings) ran zod unconfigured and reported two
//   CSP violations. In one file, whatever loads zod runs the setting first.
// The price: a page may load a few hundred bytes of a group that it does not use.
import type { Plugin } from 'vite';

type Groups = { name: string; test: RegExp }[];

export const CHUNK_GROUPS: Groups = [
  { name: 'site', test: /src\/lib\/(constants|theme|consent|idle)\.ts$|vite\/preload-helper/ },
  {
    name: 'react-shared',
    test: /node_modules\/react\/|src\/islands\/ui\/(ErrorBoundary\.tsx|Island\.tsx|classes\.ts|useForm\.ts|Field\.tsx)$|src\/lib\/api-error\.ts$|rolldown\/runtime/,
  },
  { name: 'zod', test: /node_modules\/zod\/|src\/lib\/schemas\/zod\.ts$/ },
];

/** The client build's code splitting with the groups above (the server builds are left alone). */
export function sharedChunks(): Plugin {
  return {
    name: 'agency-shared-chunks',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'client') return;
      return { build: { rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } } } };
    },
  };
}
