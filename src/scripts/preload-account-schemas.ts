// /account: the panels' zod schemas (src/islands/account/account-schemas.ts) are fetched once the page
// has loaded and is idle, beside React and the panels, so that no first save waits for them.
import { preloadSchemas } from '../lib/schemas/preload.ts';

preloadSchemas(() => import('../islands/account/form-schemas.ts'));
