// The project's own hydration directives (see the files beside this one), as an Astro integration. The
// banner's directive relies on the head script of src/build/head-boot.ts, which marks a stored cookie
// choice on <html> before the first paint.
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

export function clientDirectives(): AstroIntegration {
  return {
    name: 'agency-client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
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
