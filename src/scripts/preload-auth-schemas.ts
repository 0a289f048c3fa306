// The sign-in, signup and reset pages: the form's zod schemas (a module of their own, which the form
// awaits when it is sent: src/islands/auth/auth-schemas.ts) are fetched once the page has loaded and is
// idle, beside React and the form that hydrate then, so that no first tap or submit waits for them.
import { preloadSchemas } from '../lib/schemas/preload.ts';

preloadSchemas(() => import('../lib/schemas/auth.ts'));
