// The one inline head script of the colour scheme: it applies a stored choice before the first paint, so a
// page never flashes the other scheme. Astro hashes 'head-inline' scripts into the page's CSP.
import type { AstroIntegration } from 'astro';
import { themeBootScript } from '../lib/theme.ts';

export function themeBoot(): AstroIntegration {
  return {
    name: 'agency-theme-boot',
    hooks: {
      'astro:config:setup': ({ injectScript }) => injectScript('head-inline', themeBootScript),
    },
  };
}
