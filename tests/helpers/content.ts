// The Markdown files of content/ as the tests read them: front matter (YAML) and body, without Astro.
// Tests derive what a page must show from these files, so that a marketer's edit (a sixth project, one
// more feature) changes what is expected instead of breaking the suite.
import { cpSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ContentFile<T = Record<string, unknown>> {
  /** Relative to the repository, e.g. content/projects/more.md */
  file: string;
  data: T;
  body: string;
}

export function readContentFile<T = Record<string, unknown>>(file: string, root = ROOT): ContentFile<T> {
  const text = readFileSync(path.join(root, file), 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file}: no front matter (a block between two --- lines) at the top`);
  return { file, data: parse(match[1]!) as T, body: match[2]!.trim() };
}

/** Every Markdown file of a folder, e.g. content/projects. */
export function readFolder<T = Record<string, unknown>>(folder: string, root = ROOT): ContentFile<T>[] {
  return readdirSync(path.join(root, folder))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => readContentFile<T>(`${folder}/${f}`, root));
}

/** The entries of an ordered collection (services, projects, featured) as the pages list them. */
export function inOrder<T extends { order: number }>(folder: string, root = ROOT): ContentFile<T>[] {
  return readFolder<T>(folder, root).sort((a, b) => a.data.order - b.data.order);
}

/** Not copied: installed packages (linked instead), builds, data and test output. */
const NOT_COPIED = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', '.git', '.astro']);

/** A temporary copy of the repository to edit as a marketer would, its packages linked; returns its path. */
export function copyRepository(prefix: string): string {
  const copy = mkdtempSync(path.join(tmpdir(), prefix));
  const filter = (src: string) => !NOT_COPIED.has(path.basename(src)) || path.dirname(src) !== ROOT;
  cpSync(ROOT, copy, { recursive: true, filter });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  return copy;
}
