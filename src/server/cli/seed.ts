// `npm run db:seed -- --users N --enquiries N --views N [--unique-keys N]`: appends generated data
// (src/server/cli/seed-database.ts) to whichever database is configured, for benchmarks and demos; --unique-keys
// adds N views of yesterday with a referrer and campaign each of their own (a flood). Never in production.
import { parseArgs } from 'node:util';
import { sitePages } from '../analytics/site-pages.ts';
import { ConfigError, loadConfig } from '../../config/config.ts';
import { readEnv } from '../../config/env.ts';
import { seedDatabase } from './seed-database.ts';
import { runCommand, withDatabase } from './command.ts';

/** The site's top-level pages, for a checkout that has not been built yet. */
const WITHOUT_BUILD = ['/', '/projects', '/blog', '/contact', '/policy', '/TryNow', '/login', '/Signup'];

const count = (value: string | undefined, name: string) => {
  const n = Number(value ?? 0);
  if (!Number.isInteger(n) || n < 0 || n > 10_000_000)
    throw new ConfigError(`--${name} must be a whole number up to 10,000,000`);
  return n;
};

runCommand(async () => {
  const { values } = parseArgs({
    options: {
      users: { type: 'string' },
      enquiries: { type: 'string' },
      views: { type: 'string' },
      'unique-keys': { type: 'string' },
    },
  });
  const env = await readEnv();
  if (env.NODE_ENV === 'production') throw new ConfigError('db:seed refuses to run with NODE_ENV=production.');
  const config = loadConfig(env);
  const counts = {
    users: count(values.users, 'users'),
    enquiries: count(values.enquiries, 'enquiries'),
    views: count(values.views, 'views'),
    uniqueKeys: count(values['unique-keys'], 'unique-keys'),
  };
  const started = performance.now();
  await withDatabase(async (database) => {
    const pages = await sitePages(config.distDir);
    const list = pages.source === 'build' ? pages.list : WITHOUT_BUILD;
    const made = await seedDatabase(database.db, counts, new Date(), list, (line) => console.log(`  ${line}`));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${made.users} users (${made.sessions} sessions), ${made.enquiries} enquiries (${made.replies} replies) ` +
        `and ${made.views} page views over ${list.length} pages in ${seconds} s.` +
        (pages.source === 'build'
          ? ''
          : ' (No build found: the top-level pages only; `npm run build` lists them all.)'),
    );
  }, config);
  return 0;
});
