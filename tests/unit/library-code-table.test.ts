// docs/architecture.md's table of code that does what a maintained library or the framework does: each
// row's figure is the lines it names today, counted as the table says (lines of code: not blank, not only
// a comment; a row that names declarations counts those top-level declarations alone), and the total row
// is their sum. A figure that drifts from its file fails here, so the table cannot go stale.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DOC = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
const TABLE_HEADING = '## Code that re-implements what a library or the framework does';

/** Lines of code in `text`: neither blank nor only (part of) a comment. */
function codeLines(text: string): number {
  let count = 0;
  let inBlock = false;
  for (const line of text.split('\n')) {
    let rest = line.trim();
    if (inBlock) {
      const end = rest.indexOf('*/');
      if (end < 0) continue;
      inBlock = false;
      rest = rest.slice(end + 2).trim();
    }
    if (rest.startsWith('/*')) {
      const end = rest.indexOf('*/', 2);
      if (end < 0) {
        inBlock = true;
        continue;
      }
      rest = rest.slice(end + 2).trim();
    }
    if (rest === '' || rest.startsWith('//')) continue;
    count++;
  }
  return count;
}

/** The names a top-level statement declares (function, class, interface, type, each variable). */
function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  const named = statement as ts.Statement & { name?: ts.Node };
  return named.name && ts.isIdentifier(named.name) ? [named.name.text] : [];
}

/** The code lines of a file, or of its top-level declarations of these names (each from its first token to its end). */
function countedLines(file: string, names: string[]): number {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  if (names.length === 0) return codeLines(text);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = new Set<string>();
  let count = 0;
  for (const statement of source.statements) {
    const declared = declaredNames(statement).filter((name) => names.includes(name));
    if (declared.length === 0) continue;
    for (const name of declared) found.add(name);
    count += codeLines(text.slice(statement.getStart(source), statement.getEnd()));
  }
  expect([...found].sort(), `${file} declares each name its row gives`).toEqual([...names].sort());
  return count;
}

interface Row {
  file: string;
  names: string[];
  lines: number;
  library: string;
  why: string;
}

/** The table's rows (the total row apart), and the total it states. */
function table(): { rows: Row[]; total: number } {
  const start = DOC.indexOf(TABLE_HEADING);
  expect(start, 'docs/architecture.md has the table').toBeGreaterThanOrEqual(0);
  const lines = DOC.slice(start).split('\n');
  const rows: Row[] = [];
  let total = Number.NaN;
  for (const line of lines.slice(1)) {
    if (line.startsWith('## ')) break;
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 5 || (!cells[1]!.startsWith('`') && !cells[1]!.startsWith('**'))) continue;
    if (cells[1] === '**in all**') {
      total = Number(cells[2]!.replace(/[*,]/g, ''));
      continue;
    }
    const [, file, named] = /^`([^`]+)`(?: \(([^)]*)\))?/.exec(cells[1]!) ?? [];
    expect(file, `a row names its file: ${line}`).toBeTruthy();
    const names = [...(named ?? '').matchAll(/`([\w$]+)`/g)].map((m) => m[1]!);
    rows.push({ file: file!, names, lines: Number(cells[2]!.replace(/,/g, '')), library: cells[3]!, why: cells[4]! });
  }
  return { rows, total };
}

describe("docs/architecture.md's table of code a library or the framework could do", () => {
  const { rows, total } = table();

  it('lists files that exist, each with its library and why it stays', () => {
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.library, row.file).not.toBe('');
      expect(row.why, row.file).not.toBe('');
    }
  });

  it("gives each row's real lines of code", () => {
    const actual = rows.map((row) => ({ row: row.file, lines: countedLines(row.file, row.names) }));
    expect(rows.map((row) => ({ row: row.file, lines: row.lines }))).toEqual(actual);
  });

  it('sums them in its total', () => {
    expect(total).toBe(rows.reduce((sum, row) => sum + row.lines, 0));
  });
});
