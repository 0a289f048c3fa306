// `astro build` always makes production bundles. A NODE_ENV=development left in the shell would otherwise
// make Vite bundle React's development build (twice the bytes, and slow) and prerender pages with it.
// astro.config.mjs imports this module first: React reads NODE_ENV once, when it is first loaded, so the
// value must be right before any integration loads it. (The server reads NODE_ENV on its own at start.)
if (process.argv[2] === 'build' && process.env.NODE_ENV !== 'production') {
  console.warn(`NODE_ENV=${process.env.NODE_ENV} ignored: the build always makes production bundles.`);
  process.env.NODE_ENV = 'production';
}

export {};
