// The signed-in user's own account: profile, password, sessions, export, enquiries, deletion.
// Shared by the /account panels and the API, so that both check a field with the same words.
import { ownBookingSchema } from './bookings.ts';
import { anyOfRequired, atLeastOneOf, z } from './zod.ts';
import { LIMITS } from '../constants.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { nameField, otpField, passwordField, userSchema } from './auth.ts';
import { enquirySchema, enquiryStatusSchema } from './contact.ts';
import { passkeySchema } from './passkeys.ts';
import { twoFactorCode } from './two-factor.ts';

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

/** The mailed codes a signed-in user can ask for from /account. */
export const accountCodeBody = z.object({ purpose: z.enum(['set-password', 'delete-account', 'add-factor']) });

/**
 * The step-up before adding a passkey or an authenticator app: the code of POST /api/v1/account/code
 * {purpose: 'add-factor'} (an account without the app), or a code of the app or a recovery code (an
 * account with it); not needed by a session that proved two factors within 10 minutes.
 */
export const stepUpBody = z.object({ otp: otpField.optional(), code: twoFactorCode.optional() });

/** The profile: the User with the language its mails are written in. */
export const profileUserSchema = userSchema.extend({ locale: localeField });

export const accountUserSchema = profileUserSchema.extend({
  /** False for an account made through Google that never set a password: it confirms with a code. */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});

export const deviceSessionSchema = z.object({
  _id: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** Browser and operating system, from the User-Agent at sign-in ('Unknown device' without one). */
  device: z.string(),
});

export const ownEnquirySchema = enquirySchema.extend({ status: enquiryStatusSchema });

/** GET /api/v1/account */
export const accountResponse = z.object({ success: z.literal(true), user: accountUserSchema });
/** PATCH /api/v1/account */
export const profileResponse = z.object({ success: z.literal(true), message: z.string(), user: profileUserSchema });
/** GET /api/v1/account/enquiries */
export const ownEnquiriesResponse = z.object({ success: z.literal(true), data: z.array(ownEnquirySchema) });
/** GET /api/v1/account/sessions: most recently used first. */
export const deviceSessionsResponse = z.object({ success: z.literal(true), data: z.array(deviceSessionSchema) });

export type ProfileBody = z.infer<typeof profileBody>;
export type PasswordBody = z.infer<typeof passwordBody>;
export type DeleteBody = z.infer<typeof deleteBody>;
export type AccountCodePurpose = z.infer<typeof accountCodeBody>['purpose'];
export type ProfileUser = z.infer<typeof profileUserSchema>;
export type AccountUser = z.infer<typeof accountUserSchema>;
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export type OwnEnquiry = z.infer<typeof ownEnquirySchema>;
export type AccountResponse = z.infer<typeof accountResponse>;
export type ProfileResponse = z.infer<typeof profileResponse>;
export type OwnEnquiriesResponse = z.infer<typeof ownEnquiriesResponse>;
export type DeviceSessionsResponse = z.infer<typeof deviceSessionsResponse>;

/** GET /api/v1/account/export: everything the service holds about the account, as one JSON file. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  service: z.string(),
  profile: accountUserSchema,
  /** Google sign-in links: the provider and the address it vouched for. */
  linkedAccounts: z.array(z.object({ provider: z.string(), email: z.string(), linkedAt: z.string() })),
  sessions: z.array(deviceSessionSchema.extend({ expiresAt: z.string(), userAgent: z.string().nullable() })),
  enquiries: z.array(ownEnquirySchema),
  /** The calls booked while signed in, with the name and address they were booked under. */
  bookings: z.array(ownBookingSchema.extend({ name: z.string(), email: z.string(), createdAt: z.string() })),
  /** Names and dates only: a passkey's key is no use to its owner outside the authenticator. */
  passkeys: z.array(passkeySchema),
  twoFactorEnabled: z.boolean(),
});

export type AccountExport = z.infer<typeof accountExportSchema>;
