// The project's own hydration directives (see the files beside this one), as an Astro integration,
// with the one inline head script they need: it marks a stored cookie choice on <html> before the first
// paint, so that the prebuilt cookie banner never flashes for a visitor who has already chosen.
// Astro hashes 'head-inline' scripts into the page's CSP.
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { COOKIE_CONSENT_KEY } from '../lib/constants.ts';

export function clientDirectives(): AstroIntegration {
  return {
    name: 'agency-client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective, injectScript }) => {
        injectScript(
          'head-inline',
          `try{localStorage.getItem(${JSON.stringify(COOKIE_CONSENT_KEY)})&&document.documentElement.classList.add('consent-given')}catch(e){}`,
        );
        addClientDirective({
          name: 'consent-pending',
          entrypoint: fileURLToPath(new URL('./consent-pending.ts', import.meta.url)),
        });
        addClientDirective({ name: 'toast', entrypoint: fileURLToPath(new URL('./toast.ts', import.meta.url)) });
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./interaction.ts', import.meta.url)),
        });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    'client:consent-pending'?: boolean;
    'client:toast'?: boolean;
    /** Hydrates on the first interaction; with "idle", also once the loaded page is idle. */
    'client:interaction'?: boolean | 'idle';
  }
}
