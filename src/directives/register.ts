// The project's own hydration directives (see the files beside this one), as an Astro integration.
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

export function clientDirectives(): AstroIntegration {
  return {
    name: 'agency-client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'consent-pending', entrypoint: fileURLToPath(new URL('./consent-pending.ts', import.meta.url)) });
        addClientDirective({ name: 'toast', entrypoint: fileURLToPath(new URL('./toast.ts', import.meta.url)) });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    'client:consent-pending'?: boolean;
    'client:toast'?: boolean;
  }
}
