// Two-factor sign-in with an authenticator app (TOTP): the bodies and answers of
// /api/v1/account/two-factor/* and of the second step of a sign-in, POST /api/v1/auth/two-factor.
import { LIMITS } from '../constants.ts';
import { RECOVERY_CODE_COUNT } from '../sign-in-methods.ts';
import { sessionResponse } from './auth.ts';
import { storedText, z } from './zod.ts';

/** A wrong code of the authenticator app or recovery code (401, naming the `code` field). */
export const WRONG_CODE = 'Invalid code';
/**
 * The 403 (with `twoFactorRequired: true`) of a call that needs two factors, from a session that did not
 * prove them lately: the call is made again with `code`.
 */
export const CONFIRM_WITH_CODE = 'Confirm with a code from your authenticator app or a recovery code';
/** The 403 of a factor change from a session of an account without an authenticator app, not freshly two-factor. */
export const SIGN_IN_AGAIN_WITH_TWO =
  'Sign in again with a passkey (with its PIN or fingerprint) to do this, or turn on two-factor authentication';

const AUTHENTICATOR_CODE = `Enter the ${LIMITS.otpLength}-digit code from your authenticator app`;
/** A code of the authenticator app. */
export const authenticatorCode = z
  .string({ message: AUTHENTICATOR_CODE })
  .trim()
  .regex(new RegExp(`^\\d{${LIMITS.otpLength}}$`), { message: AUTHENTICATOR_CODE });

const ANY_CODE = 'Enter a code from your authenticator app or a recovery code';
/** A code of the authenticator app or a recovery code ('abcde-fghij'; case, spaces and dashes do not matter). */
export const twoFactorCode = z
  .string({ message: ANY_CODE })
  .regex(storedText(1), { message: ANY_CODE })
  .trim()
  .max(32, {
    message: ANY_CODE,
  });

export const enableTwoFactorBody = z.object({ code: authenticatorCode });

/**
 * The proof a call that needs two factors may carry (turning two-factor off, new recovery codes, removing
 * a passkey...): a code of the app or a recovery code, unless the session proved two factors lately.
 */
export const withCodeBody = z.object({ code: twoFactorCode.optional() });

export const twoFactorSignInBody = z.object({
  challenge: z.string({ message: 'Sign in again' }).min(1).max(128),
  code: twoFactorCode,
  /** As for the password step: this browser's token from an earlier sign-in to the account. */
  deviceToken: z.string().max(200).optional(),
});

export const twoFactorStatusResponse = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number().int(),
});

export const twoFactorSetupResponse = z.object({
  success: z.literal(true),
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/…: what the page draws as a QR code. */
  otpauthUrl: z.string(),
});

export const recoveryCodesResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});

/** Sign-in with two-factor on: no token yet, a challenge for POST /api/v1/auth/two-factor. */
export const twoFactorRequiredResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});

/** POST /api/v1/auth/sign-in: a session, or the call for the second factor. */
export const signInResponse = z.union([sessionResponse, twoFactorRequiredResponse]);

export type WithCodeBody = z.infer<typeof withCodeBody>;
export type SignInResponse = z.infer<typeof signInResponse>;
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponse>;
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponse>;
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;
export type TwoFactorRequiredResponse = z.infer<typeof twoFactorRequiredResponse>;
