// A PATH on which no PostgreSQL or PgBouncer program can be found: each folder of the current PATH that
// holds one is replaced by a folder of links to everything else in it. For proving that a command needs
// no database stack.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DATABASE_PROGRAM = /^(postgres|postmaster|pg_\w+|psql|initdb|pgbouncer|createdb|dropdb)$/;

export function pathWithoutDatabase(current = process.env.PATH ?? ''): string {
  const root = mkdtempSync(path.join(tmpdir(), 'no-db-path-'));
  return current
    .split(path.delimiter)
    .filter((dir) => dir && existsSync(dir))
    .map((dir, i) => {
      const names = readdirSync(dir);
      if (!names.some((n) => DATABASE_PROGRAM.test(n))) return dir;
      const shadow = path.join(root, String(i));
      mkdirSync(shadow);
      for (const name of names) {
        if (!DATABASE_PROGRAM.test(name)) symlinkSync(path.join(dir, name), path.join(shadow, name));
      }
      return shadow;
    })
    .join(path.delimiter);
}
