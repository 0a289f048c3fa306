// The bodies of the /account panels' forms (name, language, password, deletion), apart from the API's
// other account schemas (account.ts, which re-exports them). The panels' schema module evaluates these
// alone: zod's constructors are a phone's main-thread time per schema, and the responses and the export
// bring the bookings and enquiries schemas with them (docs/performance.md).
import { LIMITS } from '../constants.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { nameField, otpField, passwordField } from './auth.ts';
import { twoFactorCode } from './two-factor.ts';
import { anyOfRequired, atLeastOneOf, z } from './zod.ts';

/** The language an account's mails are written in: one of the site's languages. */
export const localeField = z.enum(LOCALES, { message: `Language must be one of: ${LOCALES.join(', ')}` });

/** The name, the language, or both: the Profile panel saves the one, the Language panel the other. */
export const profileBody = atLeastOneOf(
  z.object({ name: nameField.optional(), locale: localeField.optional() }),
  ['name', 'locale'],
  'Nothing to change: give a name or a locale',
);

const currentPassword = z
  .string({ message: 'Enter your current password' })
  .min(1, { message: 'Enter your current password' })
  .max(LIMITS.passwordMax, { message: 'Enter your current password' });

/**
 * An account with a password proves it with `currentPassword`; one made through Google that never set
 * a password proves its address with a mailed code (`otp`) instead. The document says one of them is
 * required; the API checks the one the account needs (and names it when it is missing), which no schema
 * can tell.
 */
export const passwordBody = z
  .object({
    currentPassword: currentPassword.optional(),
    otp: otpField.optional(),
    newPassword: passwordField,
    /** Where the account has an authenticator app and the session proved one factor: a code of it. */
    code: twoFactorCode.optional(),
  })
  .meta(anyOfRequired(['currentPassword', 'otp']));

/** Deleting asks for the password, or a mailed code for an account without one (as above). */
export const deleteBody = z
  .object({
    password: currentPassword.optional(),
    otp: otpField.optional(),
    /** As for the password: a code of the authenticator app, where the session proved one factor. */
    code: twoFactorCode.optional(),
  })
  .meta(anyOfRequired(['password', 'otp']));
