// Netlify's _headers and _redirects, written by the build from the rules the Node server applies
// (src/server/site/site-rules.ts, core/security-headers.ts), so that each rule is stated once.
// Netlify applies headers by request path, and its 404 rules serve a page under paths that are not
// its own, so one CSP header for every path carries the union of all pages' hashes. Each page's own
// stricter <meta> CSP still applies on top (browsers enforce both).
// The editor at /cms/ has a policy of its own (src/cms/csp.ts): it stays out of the union and gets a
// rule for /cms/* after the one for /*, which Netlify applies in its place for those paths; so does the
// search's worker (SEARCH_WORKER).
import { localeOfPath, localePath, withoutLocale } from '../i18n/locales.ts';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { COMMON_HEADERS, HSTS, pageCspFromHtml } from '../server/core/security-headers.ts';
import {
  CACHE,
  caseVariants,
  HASHED_FILES,
  NOT_FOUND_PAGES,
  pageRoutes,
  pagesOf,
  readBuild,
  SEARCH_WORKER,
} from '../server/site/site-rules.ts';

export async function writeNetlifyRules(dist: string): Promise<void> {
  const pages = pagesOf(await readBuild(dist));
  const directives = new Map<string, Set<string>>();
  for (const [page, html] of pages) {
    if (page.startsWith('/cms/')) continue;
    for (const directive of pageCspFromHtml(html)?.split(';') ?? []) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (!name) continue;
      const set = directives.get(name) ?? new Set<string>();
      for (const s of sources) set.add(s);
      directives.set(name, set);
    }
  }
  const common = { ...COMMON_HEADERS, 'strict-transport-security': HSTS };
  // 'none' means nothing only alone: a page without Google's frame and one with it allow Google's.
  for (const sources of directives.values()) if (sources.size > 1) sources.delete("'none'");
  const csp = [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
  const all = Object.entries(csp ? { ...common, 'content-security-policy': csp } : common);
  let headers = `/*\n${all.map(([k, v]) => `  ${k}: ${v}\n`).join('')}\n${HASHED_FILES}*\n  cache-control: ${CACHE.hashed}\n`;
  const cms = pageCspFromHtml(pages.get('/cms/index.html') ?? '');
  if (cms) headers += `\n/cms/*\n  content-security-policy: ${cms}\n`;
  headers += `\n${SEARCH_WORKER.path}\n  content-security-policy: ${SEARCH_WORKER.csp}\n`;
  await writeFile(path.join(dist, '_headers'), headers);

  // Rules never shadow a file that exists (unless forced, `404!`): the pages' own spellings are served.
  const redirects: string[] = [];
  for (const route of pageRoutes(pages).values()) {
    // A page one level under the root, in any language (/TryNow, /hi/TryNow), and a language's home (/hi).
    const locale = localeOfPath(route);
    const bare = withoutLocale(route);
    if (route === '/') continue;
    if (bare === '/') for (const variant of caseVariants(route)) redirects.push(`${variant} ${route} 301`);
    if (bare.split('/').length !== 2 || bare === '/') continue;
    for (const variant of caseVariants(bare)) redirects.push(`${localePath(variant, locale)} ${route} 301`);
  }
  for (const { shells, page } of NOT_FOUND_PAGES) for (const shell of shells) redirects.push(`${shell} ${page} 404!`);
  for (const { prefix, page } of NOT_FOUND_PAGES) redirects.push(`${prefix}* ${page} 404`);
  await writeFile(path.join(dist, '_redirects'), `${redirects.join('\n')}\n`);
}
