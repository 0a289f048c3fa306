// The files hosts read before any of our code runs: the Node version and the script names they expect.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const text = (file: string) => readFile(new URL(`../../${file}`, import.meta.url), 'utf8');

describe('deploy files', () => {
  it('.node-version names the Node major the project carries, within engines', async () => {
    const pkg = JSON.parse(await text('package.json'));
    const major = Number((await text('.node-version')).trim());
    expect(major).toBe(Number(/\d+/.exec(pkg.devDependencies.node)![0]));
    expect(major).toBeGreaterThanOrEqual(Number(/^>=(\d+)/.exec(pkg.engines.node)![1]));
    // One source for the version: netlify.toml must not pin another.
    expect(await text('netlify.toml')).not.toMatch(/NODE_VERSION/);
  });

  it('has the script names Astro users expect', async () => {
    const { scripts } = JSON.parse(await text('package.json'));
    expect(scripts.preview).toBe('npm run serve');
    expect(scripts.check).toBe('npm run typecheck');
  });
});
