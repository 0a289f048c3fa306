// Figures and a message of the second sign-in methods (passkeys, an authenticator app) that the account
// and admin islands show or match. Kept apart from their schemas, so that those islands load without zod,
// and from constants.ts, which every page loads.

/** Recovery codes made at a time for two-factor sign-in. */
export const RECOVERY_CODE_COUNT = 10;

/** The longest name a passkey may be given. */
export const PASSKEY_NAME_MAX = 64;

/** The 403 of an admin call when REQUIRE_ADMIN_2FA is on and the session proved one factor only. */
export const ADMIN_2FA_REQUIRED = 'Two-factor authentication required';
