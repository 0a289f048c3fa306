// src/server in three layers, each importing only its own and those below (docs/architecture.md):
//   - the entry points: main.ts and the composition root beside it (app.ts, housekeeping.ts), and cli/;
//   - the resources: each folder that declares routes (auth, account, bookings, ...), which may use one another;
//   - the base every resource uses: core/ (errors, the request context, headers, limits, log), db/,
//     mail/, limits/, site/.
// An import that runs back up (the base importing a resource or the root, a resource importing the root)
// fails here, named by file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, '../../src/server');

const files = readdirSync(SERVER, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.parentPath.includes(`${path.sep}migrations`))
  .map((e) => path.relative(SERVER, path.join(e.parentPath, e.name)).split(path.sep).join('/'));

const folderOf = (file: string) => (file.includes('/') ? file.split('/')[0]! : '');
const resources = new Set(files.filter((f) => /routes\.ts$/.test(f)).map(folderOf));
resources.delete('');

/** 0: an entry point, 1: a resource, 2: the base. */
function layer(file: string): number {
  const folder = folderOf(file);
  if (folder === '' || folder === 'cli') return 0;
  return resources.has(folder) ? 1 : 2;
}

/** Each import of a file of src/server by another, as [from, to]. */
function imports(): [string, string][] {
  const found: [string, string][] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(path.join(SERVER, file), 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      if (!specifier?.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      if (!target.startsWith('..')) found.push([file, target]);
    }
  }
  return found;
}

describe('src/server imports run downwards only', () => {
  const all = imports();

  it('finds the resources and the imports', () => {
    for (const resource of ['auth', 'account', 'users', 'enquiries']) expect(resources).toContain(resource);
    expect(all.length).toBeGreaterThan(200);
  });

  it('core/ imports no resource and no entry point', () => {
    expect(all.filter(([from, to]) => folderOf(from) === 'core' && layer(to) < 2)).toEqual([]);
  });

  it('no import runs back up: the base imports no resource or entry point, a resource no entry point', () => {
    expect(all.filter(([from, to]) => layer(to) < layer(from) && !(layer(from) === 1 && layer(to) === 1))).toEqual([]);
  });
});
