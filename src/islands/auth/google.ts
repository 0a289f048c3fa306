// The end of a Google sign-in, popup or redirect: the API exchanges the authorization code.
import { api } from '../../lib/api-client.ts';
import type { SignInResponse } from '../../lib/schemas/two-factor.ts';
import { keepSession } from '../../lib/session.ts';
import { flashAndGo, notify } from '../../lib/toast.ts';
import type { useLanguage } from '../ui/i18n.tsx';
import { isLocale, type Locale, localePath } from '../../i18n/locales.ts';

export const googleClientId = import.meta.env.PUBLIC_GOOGLE_CLIENT_ID ?? '';

// Both flows carry an OAuth `state` made in this browser and checked before the code goes to the API, so a
// link or message carrying someone else's code cannot sign this browser in as them (login CSRF). The
// redirect flow also uses PKCE; Google's popup flow has no place for it.
const AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const REDIRECT_KEY = 'google-redirect';
export const NO_CODE = 'Google login failed — no authorization code received.';

function base64url(bytes: ArrayBuffer | Uint8Array): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** 256 random bits, base64url (43 characters: also a valid PKCE verifier). */
export function randomState(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * Redirect flow, for when the popup cannot open: state and PKCE verifier wait in this tab's
 * sessionStorage, with the page's language, since Google returns to the one address registered with it.
 */
export async function startGoogleRedirect(locale: Locale): Promise<void> {
  const state = randomState();
  const verifier = randomState();
  const challenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  sessionStorage.setItem(REDIRECT_KEY, JSON.stringify({ state, verifier, locale }));
  const params = new URLSearchParams({
    client_id: googleClientId,
    redirect_uri: `${location.origin}/google-verify`,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  location.assign(`${AUTHORIZE_URL}?${params}`);
}

/**
 * The language of the page that started the redirect flow, when it is not `current`: /google-verify
 * hands the visit to its twin in that language, which finishes the sign-in there.
 */
export function redirectLanguage(current: Locale): Locale | undefined {
  try {
    const { locale } = JSON.parse(sessionStorage.getItem(REDIRECT_KEY) ?? '{}') as { locale?: unknown };
    return isLocale(locale) && locale !== current ? locale : undefined;
  } catch {
    return undefined;
  }
}

/** On /google-verify: the code and verifier, only when Google returned the state this tab sent (used once). */
export function takeRedirectResult(params: URLSearchParams): { code: string; verifier: string } | undefined {
  const stored = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  let sent: { state?: unknown; verifier?: unknown } = {};
  try {
    sent = JSON.parse(stored ?? '{}') as typeof sent;
  } catch {
    return undefined;
  }
  const code = params.get('code');
  if (!code || typeof sent.state !== 'string' || typeof sent.verifier !== 'string') return undefined;
  return params.get('state') === sent.state ? { code, verifier: sent.verifier } : undefined;
}

/** How a Google sign-in ended: failed (the toast has been shown), signed in (the page is leaving), or
 * the challenge of the second step, for an account with two-factor on. */
export type GoogleOutcome = 'failed' | 'signed-in' | { challenge: string };

/**
 * The redirect flow passes the redirect_uri it used (this site's /google-verify) and its PKCE verifier;
 * the popup flow has neither. No code (or a state that did not match, which callers pass as no code)
 * sends nothing to the API. The page's language (useLanguage()) words the toasts.
 */
export async function completeGoogleSignIn(
  { t }: ReturnType<typeof useLanguage>,
  code: string | null | undefined,
  redirect?: { uri: string; verifier: string },
): Promise<GoogleOutcome> {
  if (!code) {
    notify('error', t(NO_CODE));
    return 'failed';
  }
  try {
    const res = await api.get<SignInResponse>('v1/auth/google', {
      code,
      ...(redirect ? { redirect_uri: redirect.uri, code_verifier: redirect.verifier } : {}),
    });
    if ('twoFactorRequired' in res) return { challenge: res.challenge };
    keepSession(res.token);
    // The dashboard in the account's language; the toast in the page's, shown only by a page in it.
    flashAndGo(
      'success',
      t('Welcome, {name}!', { name: res.user.name }),
      localePath('/userdashboard', res.locale),
      true,
    );
    return 'signed-in';
  } catch (err) {
    console.error('Google sign-in failed', err);
    notify('error', t('Something went wrong during Google login.'));
    return 'failed';
  }
}
