// Content mistakes in the browser during `npm run dev`. When a saved file in content/ fails its schema,
// Astro's loader logs the message in the terminal and keeps the last good data, so the page looked as if
// the save were lost. Each collection's loader is wrapped (src/content.config.ts) to hand the same message
// to the dev server (integration below), which then answers every page with it until the file is fixed,
// and reloads the open pages at both moments.
import type { AstroIntegration } from 'astro';
import type { Loader, LoaderContext } from 'astro/loaders';

/** Files with a mistake → the message the terminal showed. Shared through globalThis because the content
 * configuration and the integration are loaded as separate module instances. */
interface Channel {
  errors: Map<string, string>;
  changed?: () => void;
}
const KEY = Symbol.for('agency-site.content-errors');
const shared = globalThis as { [KEY]?: Channel };
shared[KEY] ??= { errors: new Map() };
const channel = shared[KEY];

// The glob loader's own messages (astro/dist/content/loaders/glob.js): "Failed to reload <entry>: <why>"
// and "Reloaded data from <entry>"; the dev e2e test fails if Astro changes them.
const FAILED = /^Failed to reload (\S+): /;
const RELOADED = /^Reloaded data from (\S+)/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colours are what is stripped
const plain = (message: string) => message.replace(/\u001b\[[\d;]*m/g, '');

/** The loader, reporting the errors it logs while the dev server watches the files. */
export function reportingErrors(loader: Loader): Loader {
  return {
    ...loader,
    load: (context: LoaderContext) => {
      const { logger } = context;
      const watched = new Proxy(logger, {
        get(target, prop, receiver) {
          if (prop === 'error')
            return (message: string) => {
              const file = FAILED.exec(plain(message))?.[1];
              if (file) {
                channel.errors.set(file, plain(message));
                channel.changed?.();
              }
              target.error(message);
            };
          if (prop === 'info')
            return (message: string) => {
              const file = RELOADED.exec(plain(message))?.[1];
              if (file && channel.errors.delete(file)) channel.changed?.();
              target.info(message);
            };
          return Reflect.get(target, prop, receiver);
        },
      });
      return loader.load({ ...context, logger: watched });
    },
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Astro marks the names in its message with **…**, which the terminal prints in bold: so does the page. */
const bold = (html: string) => html.replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');

function errorPage(messages: string[]): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Content error</title>
<script type="module" src="/@vite/client"></script></head>
<body style="font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 3rem auto; padding: 0 1rem">
<h1 style="color: #b91c1c">A content file has a mistake</h1>
<p>Fix it and save: this page reloads by itself. The terminal shows the same message.</p>
${messages.map((m) => `<pre data-content-error style="white-space: pre-wrap; background: #fef2f2; padding: 1rem; border-radius: .5rem">${bold(escapeHtml(m))}</pre>`).join('\n')}
</body>
</html>`;
}

export function contentErrorsInBrowser(): AstroIntegration {
  return {
    name: 'agency-content-errors',
    hooks: {
      'astro:server:setup': ({ server }) => {
        channel.changed = () => server.hot.send({ type: 'full-reload', path: '*' });
        server.middlewares.use((req, res, next) => {
          const page = req.headers.accept?.includes('text/html') && !req.url?.startsWith('/cms');
          if (!page || channel.errors.size === 0) return next();
          res.statusCode = 500;
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(errorPage([...channel.errors.values()]));
        });
      },
    },
  };
}
