// Astro's incremental build (experimental.incrementalBuild in astro.config.mjs) copies a page from the last
// build instead of rendering it again when both its code and its `cacheKey` are unchanged. The code is
// Astro's part: it hashes each page's module graph, content/site.json included (it is imported). The key
// is ours, and must change with everything else the page prints: the content entries it reads (each
// file's digest, its data, where a cover's address carries the image's own hash, and the images its body
// shows, read here: a replaced picture under the same name changes its address) and the year the footer
// prints. A key too narrow would publish a stale page; a key too wide only renders it again.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Entry {
  id: string;
  digest?: string | number;
  body?: string;
  data: unknown;
  filePath?: string;
  rendered?: { metadata?: { imagePaths?: string[] } };
}

type Part = Entry | string | number;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

// An image shown by many posts' lists is read once a build.
const images = new Map<string, string>();

/** The digest of an image a post's body shows (a path from the post's file; a remote address as it is). */
function imageDigest(entryFile: string, image: string): string {
  const file = path.resolve(path.dirname(entryFile), image);
  let digest = images.get(file);
  if (digest === undefined) {
    digest = /^https?:\/\//.test(image) ? image : sha256(readFileSync(file));
    images.set(file, digest);
  }
  return digest;
}

function entryText(entry: Entry): string {
  // An entry's digest is that of its file; an entry of a loader that gives none counts by its body.
  const shown = entry.filePath
    ? (entry.rendered?.metadata?.imagePaths ?? []).map((image) => imageDigest(entry.filePath!, image))
    : [];
  return [entry.id, entry.digest ?? entry.body, JSON.stringify(entry.data), ...shown].join('\0');
}

/** The key of a page that prints `parts` (content entries, or the values it is paged or filtered by). */
export function cacheKey(...parts: Part[]): string {
  const hash = createHash('sha256').update(String(new Date().getFullYear()));
  for (const part of parts) hash.update('\0').update(typeof part === 'object' ? entryText(part) : String(part));
  return hash.digest('base64url');
}
