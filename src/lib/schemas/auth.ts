// One schema per form and per API body, shared by the islands and the API.
// Messages are the product's own words, kept to the letter; the upper bounds (LIMITS) are the server's.
import { z } from './zod.ts';
import { LIMITS } from '../constants.ts';

const email = (message: string) => z.email({ message }).max(LIMITS.emailMax);
export const passwordField = z
  .string({ message: 'Password must be at least 6 characters' })
  .min(LIMITS.passwordMin, { message: 'Password must be at least 6 characters' })
  .max(LIMITS.passwordMax, { message: `Password must be at most ${LIMITS.passwordMax} characters` });
const otp = z.string({ message: 'OTP must be 6 digits' }).regex(/^\d{6}$/, { message: 'OTP must be 6 digits' });

export const nameField = z
  .string({ message: 'Name must be at least 2 characters' })
  .trim()
  .min(LIMITS.nameMin, { message: 'Name must be at least 2 characters' })
  .max(LIMITS.nameMax, { message: `Name must be at most ${LIMITS.nameMax} characters` });

export const signupBody = z.object({
  name: nameField,
  email: email('Please enter a valid email'),
  password: passwordField,
});

export const signInBody = z.object({
  email: email('Please enter a valid email address'),
  password: passwordField,
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

export type SignupBody = z.infer<typeof signupBody>;
export type SignInBody = z.infer<typeof signInBody>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export type SignOutScope = z.infer<typeof signOutBody>['scope'];
export type User = z.infer<typeof userSchema>;
