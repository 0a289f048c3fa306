// The account panels' schemas, fetched once /account is idle (src/scripts/preload-account-schemas.ts)
// and awaited when a panel's form is sent (useForm's `schemas`).
export const accountSchemas = () => import('./form-schemas.ts');
