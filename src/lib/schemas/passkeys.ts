// Passkeys (WebAuthn): the bodies and answers of /api/v1/account/passkeys and /api/v1/auth/passkey.
// The browser's credential travels as the JSON that @simplewebauthn/browser makes of it; the shapes here
// bound its sizes and types, and the server's WebAuthn library checks everything inside.
import { PASSKEY_NAME_MAX } from '../sign-in-methods.ts';
import { storedText, z } from './zod.ts';

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, { message: 'must be base64url' });

const credentialFields = {
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}).default({}),
};

export const registrationCredential = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(12_000),
    authenticatorData: base64url(4096).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

export const authenticationCredential = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    userHandle: base64url(512).optional(),
  }),
});

const PASSKEY_NAME_MESSAGE = `Name the passkey in 1 to ${PASSKEY_NAME_MAX} characters`;
export const passkeyName = z
  .string({ message: PASSKEY_NAME_MESSAGE })
  .regex(storedText(1), { message: PASSKEY_NAME_MESSAGE })
  .trim()
  .max(PASSKEY_NAME_MAX, { message: PASSKEY_NAME_MESSAGE });

export const addPasskeyBody = z.object({ response: registrationCredential, name: passkeyName.optional() });
export const renamePasskeyBody = z.object({ name: passkeyName });
export const passkeySignInBody = z.object({ response: authenticationCredential });

export const passkeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

export const passkeysResponse = z.object({ success: z.literal(true), data: z.array(passkeySchema) });
export const passkeyResponse = z.object({ success: z.literal(true), message: z.string(), data: passkeySchema });

/** What the browser's WebAuthn call takes, as the server's library makes it (PublicKeyCredential*OptionsJSON). */
export const webauthnOptions = z.looseObject({ challenge: z.string() });

export type Passkey = z.infer<typeof passkeySchema>;
export type RegistrationCredential = z.infer<typeof registrationCredential>;
export type AuthenticationCredential = z.infer<typeof authenticationCredential>;
