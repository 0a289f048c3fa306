// Signing in with a passkey from /login: the button asks the browser at once; the e-mail field's autofill
// (conditional mediation) keeps a request waiting that the browser answers when a passkey is picked there.
// A new request (the button) aborts the waiting one (the library does that).
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  WebAuthnError,
} from '@simplewebauthn/browser';
import { api } from '../../lib/api-client.ts';
import type { SessionResponse } from '../../lib/schemas/auth.ts';

export { browserSupportsWebAuthn as passkeysSupported };

/**
 * The session the passkey signed in to; undefined when the user dismissed the browser's prompt, and, for
 * the autofill, when it could not be armed (the page loaded it, not the visitor: the field then simply
 * offers no passkeys, as where the browser refuses passkeys for the address).
 */
export async function signInWithPasskey(autofill = false): Promise<SessionResponse | undefined> {
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return undefined;
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>('v1/auth/passkey/options');
    response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  } catch (err) {
    if (autofill) return undefined;
    // Dismissed, or replaced by a newer request: nothing to say.
    if (err instanceof WebAuthnError && err.code === 'ERROR_CEREMONY_ABORTED') return undefined;
    if (err instanceof Error && err.name === 'AbortError') return undefined;
    if (err instanceof Error && err.name === 'NotAllowedError') return undefined;
    throw err;
  }
  return api.post<SessionResponse>('v1/auth/passkey', { response });
}
