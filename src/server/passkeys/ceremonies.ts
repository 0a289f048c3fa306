// The two WebAuthn ceremonies through SimpleWebAuthn: registering a passkey for the signed-in user and
// signing in with one. The relying party is SITE_URL's host name and origin (WEBAUTHN_RP_ID /
// WEBAUTHN_ORIGINS override, src/config/config.ts). Each ceremony's challenge is stored (auth/challenges.ts) and
// taken by the answer before the library checks it, so it works once and for 5 minutes only.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import type { AuthenticationCredential, RegistrationCredential } from '../../lib/schemas/passkeys.ts';
import { CHALLENGE_TTL_MS, storeChallenge, takeChallenge } from '../auth/challenges.ts';
import type { Deps } from '../core/context.ts';
import { passkeys, type PasskeyRow, type UserRow } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';

export const REQUEST_EXPIRED = 'This passkey request has expired. Please try again.';
export const NOT_VERIFIED = 'This passkey could not be verified';

/**
 * ES256 first (what nearly every authenticator makes), then Ed25519 and RS256 (Windows Hello). Not the
 * library's newer default that starts with ML-DSA-44: Node's WebCrypto calls that experimental, and its
 * keys and signatures run to kilobytes.
 */
const ALGORITHMS = [-7, -8, -257];

/** The user handle the authenticator keeps with the passkey: the account's id (no personal data). */
const userHandle = (userId: string) => new Uint8Array(Buffer.from(userId, 'utf8'));

/** The challenge the browser signed, read from clientDataJSON; the library checks the rest of it. */
function signedChallenge(clientDataJSON: string): string {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    if (typeof challenge === 'string' && challenge.length <= 512) return challenge;
  } catch {
    // Not JSON: answered below like any other unusable credential.
  }
  throw new ApiError(400, NOT_VERIFIED);
}

export async function registrationOptions(deps: Deps, user: UserRow, company: string) {
  const own = await deps.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: company,
    rpID: deps.config.webauthn.rpId,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandle(user.id),
    timeout: CHALLENGE_TTL_MS,
    supportedAlgorithmIDs: ALGORITHMS,
    attestationType: 'none',
    // The authenticator already holding one of the account's passkeys is not asked for a second.
    excludeCredentials: own,
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(deps, 'passkey-register', options.challenge, user.id);
  return options;
}

/** The checked registration, ready to be stored; 400 when it is expired, replayed or does not verify. */
export async function verifyRegistration(deps: Deps, user: UserRow, credential: RegistrationCredential) {
  const challenge = signedChallenge(credential.response.clientDataJSON);
  if (!(await takeChallenge(deps, 'passkey-register', challenge, user.id))) throw new ApiError(400, REQUEST_EXPIRED);
  const result = await verifyRegistrationResponse({
    response: credential,
    expectedChallenge: challenge,
    expectedOrigin: deps.config.webauthn.origins,
    expectedRPID: deps.config.webauthn.rpId,
    requireUserVerification: false,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch(() => undefined);
  if (!result?.verified) throw new ApiError(400, NOT_VERIFIED);
  const info = result.registrationInfo;
  return {
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: credential.response.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
  };
}

export async function authenticationOptions(deps: Deps) {
  // No allowCredentials: the browser offers the passkeys it holds for this site (discoverable credentials).
  const options = await generateAuthenticationOptions({
    rpID: deps.config.webauthn.rpId,
    timeout: CHALLENGE_TTL_MS,
    userVerification: 'preferred',
  });
  await storeChallenge(deps, 'passkey-sign-in', options.challenge, null);
  return options;
}

/**
 * The passkey that signed, with its counter and backup state brought up to date, and whether the
 * authenticator verified the user (the UV flag: a PIN or biometric, not a touch only); 400 when the
 * challenge is expired or replayed, 401 when the passkey is unknown, belongs to another account than its
 * user handle names, or its signature does not verify.
 */
export async function verifyAuthentication(
  deps: Deps,
  credential: AuthenticationCredential,
): Promise<{ passkey: PasskeyRow; userVerified: boolean }> {
  const challenge = signedChallenge(credential.response.clientDataJSON);
  if (!(await takeChallenge(deps, 'passkey-sign-in', challenge, null))) throw new ApiError(400, REQUEST_EXPIRED);
  const [passkey] = await deps.db.select().from(passkeys).where(eq(passkeys.credentialId, credential.id));
  const handle = credential.response.userHandle;
  if (!passkey || (handle && handle !== Buffer.from(passkey.userId, 'utf8').toString('base64url'))) {
    throw new ApiError(401, NOT_VERIFIED);
  }
  const result = await verifyAuthenticationResponse({
    response: credential,
    expectedChallenge: challenge,
    expectedOrigin: deps.config.webauthn.origins,
    expectedRPID: deps.config.webauthn.rpId,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!result?.verified) throw new ApiError(401, NOT_VERIFIED);
  const info = result.authenticationInfo;
  const [updated] = await deps.db
    .update(passkeys)
    .set({ counter: info.newCounter, backedUp: info.credentialBackedUp, lastUsedAt: deps.now() })
    .where(eq(passkeys.id, passkey.id))
    .returning();
  // Removed while it was signing in.
  if (!updated) throw new ApiError(401, NOT_VERIFIED);
  return { passkey: updated, userVerified: info.userVerified };
}
