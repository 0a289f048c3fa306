// Every .svg file of the build must be well-formed XML: a browser reads an SVG file as XML and stops at
// its first error, so an icon of a sprite cut short there draws nothing, and no HTML checker reads it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLValidator } from 'fast-xml-parser';

/** Throws, naming each .svg file of `dist` that is not well-formed XML and why; returns how many were read. */
export async function checkSvgFiles(dist: string): Promise<number> {
  const files = (await readdir(dist, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.svg'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const problems: string[] = [];
  for (const file of files) {
    const verdict = XMLValidator.validate(await readFile(file, 'utf8'));
    if (verdict !== true)
      problems.push(`${path.relative(dist, file)}:${verdict.err.line}:${verdict.err.col} ${verdict.err.msg}`);
  }
  if (problems.length > 0) throw new Error(`SVG files that are not well-formed XML:\n${problems.join('\n')}`);
  return files.length;
}
