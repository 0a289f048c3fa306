// A path the API serves, asked with a method it does not serve: 405 with `Allow` (RFC 9110 §15.5.6) in the
// one error shape, instead of the 404 of a path that does not exist.
import type { Hono } from 'hono';
import type { AppEnv } from './context.ts';
import { errorBody } from './errors.ts';

/**
 * Adds, after every route is declared, a catch-all per served path that answers 405. Hono runs the
 * handlers of a path in the order they were added, so a served method is answered by its own route first.
 * HEAD is allowed wherever GET is (Hono answers it from the GET route). `base` is the app's base path,
 * which `app.routes` includes and `app.all` adds again.
 */
export function refuseOtherMethods(app: Hono<AppEnv>, base: string) {
  const served = new Map<string, Set<string>>();
  for (const { method, path } of app.routes) {
    if (method === 'ALL') continue; // middleware
    const methods = served.get(path) ?? new Set<string>();
    methods.add(method === 'GET' ? 'GET, HEAD' : method);
    served.set(path, methods);
  }
  for (const [path, methods] of served) {
    const allow = [...methods].sort().join(', ');
    app.all(path.slice(base.length) || '/', (c) => {
      c.header('Allow', allow);
      return c.json(errorBody(`Method ${c.req.method} not allowed here: use ${allow}`), 405);
    });
  }
}
