// The project's own hydration directives (see the files beside this one), as an Astro integration.
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

export function clientDirectives(): AstroIntegration {
  return {
    name: 'agency-client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
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
    'client:toast'?: boolean;
    /** Hydrates on the first interaction; with "idle", also once the loaded page is idle; with
     * "consent" (the cookie banner), also when the footer's 'Cookie settings' asks for it. */
    'client:interaction'?: boolean | 'idle' | 'consent';
  }
}
