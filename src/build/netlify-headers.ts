// Netlify applies headers by request path, and its 404 rules serve a page under paths that are not
// its own, so one CSP header for every path carries the union of all pages' hashes. Each page's own
// stricter <meta> CSP still applies on top (browsers enforce both).
// The editor at /cms/ has a policy of its own (src/cms/csp.ts): it stays out of the union and gets a
// rule for /cms/* after the one for /*, which Netlify applies in its place for those paths.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pageCspFromHtml } from '../server/core/security-headers.ts';

export async function writeNetlifyHeaders(dist: string): Promise<void> {
  const directives = new Map<string, Set<string>>();
  for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    if (path.relative(dist, entry.parentPath).split(path.sep)[0] === 'cms') continue;
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
  let rules = `/*\n  Content-Security-Policy: ${csp}\n`;
  const cms = pageCspFromHtml(await readFile(path.join(dist, 'cms/index.html'), 'utf8').catch(() => ''));
  if (cms) rules += `\n/cms/*\n  Content-Security-Policy: ${cms}\n`;
  await writeFile(path.join(dist, '_headers'), rules);
}
