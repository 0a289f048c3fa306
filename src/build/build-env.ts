// The build refuses a production deploy without a public SITE_URL. Astro sets NODE_ENV=production for every
// build when it is unset, before it reads its configuration, so process.env cannot tell a production deploy
// (NODE_ENV=production declared) from a local build (nothing declared). The environment the process started
// with can: on Linux it stays readable in /proc/self/environ, whatever was assigned since. Elsewhere only a
// NODE_ENV in the .env files counts (Vite hands it over as VITE_USER_NODE_ENV), and the server's own check
// at start is the one that catches a NODE_ENV=production given in the shell.
import { readFileSync } from 'node:fs';
import { ConfigError, siteConfig } from '../config/config.ts';

/** NODE_ENV as the build was started with it (the environment, else the .env files), or undefined. */
export function declaredNodeEnv(): string | undefined {
  return startingEnvironment()?.NODE_ENV ?? process.env.VITE_USER_NODE_ENV;
}

function startingEnvironment(): Record<string, string> | undefined {
  try {
    const entries = readFileSync('/proc/self/environ', 'latin1').split('\0').filter(Boolean);
    return Object.fromEntries(entries.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]));
  } catch {
    return undefined;
  }
}

/**
 * The site's settings checked by the project's schema, with `nodeEnv` as the NODE_ENV that decides whether
 * a public SITE_URL is required. A bad setting stops the process with the message naming it, without a
 * stack trace.
 */
export function checkedSiteConfig(env: Record<string, string>, nodeEnv: string | undefined) {
  try {
    return siteConfig({ ...env, NODE_ENV: nodeEnv });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
