// Two-factor sign-in with an authenticator app (TOTP): the bodies and answers of
// /api/v1/account/two-factor/* and of the second step of a sign-in, POST /api/v1/auth/two-factor.
import { LIMITS } from '../constants.ts';
import { sessionResponse } from './auth.ts';
import { atLeastOneOf, storedText, z } from './zod.ts';

export const RECOVERY_CODE_COUNT = 10;

/** The 403 of an admin call when REQUIRE_ADMIN_2FA is on and the session proved one factor only. */
export const ADMIN_2FA_REQUIRED = 'Two-factor authentication required';

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

/** Turning two-factor off, or making new recovery codes: the password, or a code. */
export const twoFactorProofBody = atLeastOneOf(
  z.object({
    password: z.string().min(1).max(LIMITS.passwordMax).optional(),
    code: twoFactorCode.optional(),
  }),
  ['password', 'code'],
  'Enter your password or a code from your authenticator app',
  ['password'],
);

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

export type TwoFactorProofBody = z.infer<typeof twoFactorProofBody>;
export type SignInResponse = z.infer<typeof signInResponse>;
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponse>;
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponse>;
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;
export type TwoFactorRequiredResponse = z.infer<typeof twoFactorRequiredResponse>;
