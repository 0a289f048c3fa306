// One schema per form, per API body and per answer, shared by the islands and the API. Messages are the
// product's own words, kept to the letter, with their numbers taken from LIMITS.
import { LOCALES } from '../../i18n/locales.ts';
import { LIMITS } from '../constants.ts';
import { emailField as email } from './email.ts';
import { storedText, z } from './zod.ts';

const PASSWORD_TOO_SHORT = `Password must be at least ${LIMITS.passwordMin} characters`;
export const passwordField = z
  .string({ message: PASSWORD_TOO_SHORT })
  .min(LIMITS.passwordMin, { message: PASSWORD_TOO_SHORT })
  .max(LIMITS.passwordMax, { message: `Password must be at most ${LIMITS.passwordMax} characters` });
const OTP_MESSAGE = `OTP must be ${LIMITS.otpLength} digits`;
const otp = z
  .string({ message: OTP_MESSAGE })
  .regex(new RegExp(`^\\d{${LIMITS.otpLength}}$`), { message: OTP_MESSAGE });
const NAME_TOO_SHORT = `Name must be at least ${LIMITS.nameMin} characters`;

export const nameField = z
  .string({ message: NAME_TOO_SHORT })
  .regex(storedText(LIMITS.nameMin), { message: NAME_TOO_SHORT })
  .trim()
  .max(LIMITS.nameMax, { message: `Name must be at most ${LIMITS.nameMax} characters` });

export const signupBody = z.object({
  name: nameField,
  email: email('Please enter a valid email'),
  password: passwordField,
});

export const signInBody = z.object({
  email: email('Please enter a valid email address'),
  password: passwordField,
  /** The device token an earlier sign-in gave this browser: failed sign-ins by others do not lock it out. */
  deviceToken: z.string().max(200).optional(),
});

export const resetOtpBody = z.object({ email: email('Please enter a valid email address') });

export const otpField = otp;

export const resetPasswordBody = z.object({
  email: email('Please enter a valid email address'),
  NewPassword: passwordField,
  otp,
});

export const verifyAccountBody = z.object({ otp });

export const signOutBody = z.object({
  scope: z.enum(['global', 'local', 'others']).default('global'),
});

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  isAccountVerified: z.boolean(),
  isAdmin: z.boolean(),
});

/** Signup, sign-in and Google: the new session's token and its user. */
export const sessionResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string(),
  user: userSchema,
  /** The account's language: the browser lands on the pages of this language once signed in. */
  locale: z.enum(LOCALES),
  /** Signup and password sign-in: for the browser to send back with its next sign-in (signInBody). */
  deviceToken: z.string().optional(),
});

/** GET /api/v1/auth/user */
export const currentUserResponse = z.object({ success: z.literal(true), userData: userSchema });

/** GET /api/v1/users/user */
export const ownUserResponse = z.object({ success: z.literal(true), user: userSchema });

export type SignupBody = z.infer<typeof signupBody>;
export type SignInBody = z.infer<typeof signInBody>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export type SignOutScope = z.infer<typeof signOutBody>['scope'];
export type User = z.infer<typeof userSchema>;
export type SessionResponse = z.infer<typeof sessionResponse>;
export type CurrentUserResponse = z.infer<typeof currentUserResponse>;
