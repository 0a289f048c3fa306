// Netlify applies headers by request path, and its 404 rules serve a page under paths that are not
// its own, so one CSP header for every path carries the union of all pages' hashes. Each page's own
// stricter <meta> CSP still applies on top (browsers enforce both).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pageCspFromHtml } from '../../src/server/security-headers.ts';

export async function writeNetlifyHeaders(dist: string): Promise<void> {
  const directives = new Map<string, Set<string>>();
  for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const csp = pageCspFromHtml(await readFile(path.join(entry.parentPath, entry.name), 'utf8'));
    for (const directive of csp?.split(';') ?? []) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (!name) continue;
      const set = directives.get(name) ?? new Set<string>();
      for (const s of sources) set.add(s);
      directives.set(name, set);
    }
  }
  if (directives.size === 0) return;
  const csp = [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
  await writeFile(path.join(dist, '_headers'), `/*\n  Content-Security-Policy: ${csp}\n`);
}
