// The sign-in, signup and reset forms' schemas, fetched once the page is idle
// (src/scripts/preload-auth-schemas.ts) and awaited when a form is sent (useForm's `schemas`).
export const authSchemas = () => import('../../lib/schemas/auth.ts');
