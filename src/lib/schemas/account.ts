// The signed-in user's own account: profile, password, sessions, export, enquiries, deletion.
// Shared by the /account panels and the API, so that both check a field with the same words.
import { deleteBody, localeField, passwordBody, profileBody } from './account-forms.ts';
import { otpField, userSchema } from './auth.ts';
import { ownBookingSchema } from './bookings.ts';
import { enquirySchema, enquiryStatusSchema } from './contact.ts';
import { passkeySchema } from './passkeys.ts';
import { twoFactorCode } from './two-factor.ts';
import { z } from './zod.ts';

export { deleteBody, localeField, passwordBody, profileBody };

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
