// The sign-in, signup and reset forms' schemas, fetched once the page is idle
// (src/scripts/preload-auth-schemas.ts) and awaited when a form is sent (lazySchemas).
import { lazySchemas } from '../ui/useForm.ts';

export const authSchemas = lazySchemas(() => import('../../lib/schemas/auth.ts'));
