// Google sign-in through @react-oauth/google's authorization-code flow (popup). Google's script is
// loaded only where this button is, and not at all when no client id was configured at build.
import { useState } from 'react';
import { GoogleOAuthProvider, useGoogleLogin, useGoogleOAuth } from '@react-oauth/google';
import { notify } from '../../lib/toast.ts';
import { completeGoogleSignIn, googleClientId, NO_CODE, randomState, startGoogleRedirect } from './google.ts';
import { secondaryButton } from '../ui/classes.ts';
import { useLanguage, useT } from '../ui/i18n.tsx';

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.9 1.2 8 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.9 1.2 8 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

interface ButtonProps {
  label: string;
  /** An account with two-factor on: the page shows the second step for this challenge. */
  onTwoFactor: (challenge: string) => void;
}

function Button({ label, onTwoFactor }: ButtonProps) {
  const language = useLanguage();
  const { t } = language;
  const { scriptLoadedSuccessfully } = useGoogleOAuth();
  const [busy, setBusy] = useState(false);
  const [state] = useState(randomState);
  const login = useGoogleLogin({
    flow: 'auth-code',
    state,
    onSuccess: async (response) => {
      // A code that does not come back with our state was not asked for by this page: drop it.
      const code = response.state === state ? response.code : undefined;
      setBusy(true);
      const outcome = await completeGoogleSignIn(language, code);
      if (outcome === 'signed-in') return;
      setBusy(false);
      if (outcome !== 'failed') onTwoFactor(outcome.challenge);
    },
    onError: () => notify('error', t(NO_CODE)),
    onNonOAuthError: (err) => {
      if (err.type === 'popup_failed_to_open') void startGoogleRedirect(language.locale);
      else if (err.type !== 'popup_closed') notify('error', t('Something went wrong during Google login.'));
    },
  });
  return (
    <button
      type="button"
      className={`${secondaryButton} w-full`}
      onClick={() => login()}
      disabled={!scriptLoadedSuccessfully || busy}
    >
      <GoogleMark />
      {busy ? t('Signing in...') : label}
    </button>
  );
}

function Note({ children }: { children: string }) {
  return <p className="text-center text-sm text-slate-600">{children}</p>;
}

/** `label`: the button's words, translated by the form that shows it. */
export function GoogleButton({ label, onTwoFactor }: ButtonProps) {
  const t = useT();
  const [unreachable, setUnreachable] = useState(false);
  if (!googleClientId) return <Note>{t('Google sign-in is not available on this site yet.')}</Note>;
  if (unreachable) {
    return <Note>{t('Google sign-in could not be loaded. Please use your e-mail and password.')}</Note>;
  }
  return (
    <GoogleOAuthProvider clientId={googleClientId} onScriptLoadError={() => setUnreachable(true)}>
      <Button label={label} onTwoFactor={onTwoFactor} />
    </GoogleOAuthProvider>
  );
}
