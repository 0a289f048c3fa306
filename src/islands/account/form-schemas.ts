// What the account panels check a form with when it is sent: one module, fetched apart from the panels
// (account-schemas.ts), so that zod is not evaluated while they hydrate.
export { deleteBody, passwordBody, profileBody } from '../../lib/schemas/account-forms.ts';
export { renamePasskeyBody } from '../../lib/schemas/passkeys.ts';
export { enableTwoFactorBody, withCodeBody } from '../../lib/schemas/two-factor.ts';
