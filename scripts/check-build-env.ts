// `npm run build` runs this first. Astro sets NODE_ENV=production for every build before it reads its
// configuration, so only here can the build tell a production deploy (NODE_ENV=production in the
// environment or the .env files) from a local build, and refuse the first without a public SITE_URL.
import { ConfigError, siteConfig } from '../src/config/config.ts';
import { readEnv } from '../src/config/env.ts';

try {
  siteConfig(await readEnv('production'));
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
