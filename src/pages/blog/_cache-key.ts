// Astro's incremental build (experimental.incrementalBuild in astro.config.mjs) copies a page from the last
// build instead of rendering it again when both its code and its `cacheKey` are unchanged. The code is
// Astro's part: it hashes each page's module graph, content/site.json included (it is imported). The key
// is ours, and must change with everything else the page prints: the content entries it reads (each
// file's digest, and its data, where an image's address carries the image's own hash) and the year the
// footer prints. A key too narrow would publish a stale page; a key too wide only renders it again.
import { createHash } from 'node:crypto';

type Part = { id: string; digest?: string | number; body?: string; data: unknown } | string | number;

/** The key of a page that prints `parts` (content entries, or the values it is paged or filtered by). */
export function cacheKey(...parts: Part[]): string {
  const hash = createHash('sha256').update(String(new Date().getFullYear()));
  for (const part of parts) {
    // An entry's digest is that of its file; an entry of a loader that gives none counts by its body.
    const text =
      typeof part === 'object' ? `${part.id}\0${part.digest ?? part.body}\0${JSON.stringify(part.data)}` : String(part);
    hash.update('\0').update(text);
  }
  return hash.digest('base64url');
}
