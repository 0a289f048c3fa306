// The account panels' schemas, fetched once /account is idle (src/scripts/preload-account-schemas.ts)
// and awaited when a panel's form is sent (lazySchemas).
import { lazySchemas } from '../ui/useForm.ts';

export const accountSchemas = lazySchemas(() => import('./form-schemas.ts'));
