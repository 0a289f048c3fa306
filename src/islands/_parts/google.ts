// The end of a Google sign-in, popup or redirect: the API exchanges the authorization code.
import { api } from '../../lib/api-client.ts';
import type { User } from '../../lib/schemas/auth.ts';
import { startSession } from '../../lib/session.ts';
import { flashAndGo, notify } from '../../lib/toast.ts';

export const googleClientId = (import.meta.env.PUBLIC_GOOGLE_CLIENT_ID as string | undefined) ?? '';

/**
 * Resolves false when the sign-in did not happen (the toast has been shown). The redirect flow passes
 * the redirect_uri it used (this site's /google-verify); the popup flow has none.
 */
export async function completeGoogleSignIn(code: string | null | undefined, redirectUri?: string): Promise<boolean> {
  if (!code) {
    notify('error', 'Google login failed — no authorization code received.');
    return false;
  }
  try {
    const { token, user } = await api.get<{ token: string; user: User }>('v1/auth/google', {
      code,
      ...(redirectUri ? { redirect_uri: redirectUri } : {}),
    });
    startSession(token, user);
    flashAndGo('success', `Welcome, ${user.name}!`, '/userdashboard', true);
    return true;
  } catch (err) {
    console.error('Google sign-in failed', err);
    notify('error', 'Something went wrong during Google login.');
    return false;
  }
}
