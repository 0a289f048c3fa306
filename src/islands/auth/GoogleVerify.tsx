// /google-verify: Google's redirect flow lands here with ?code=…&state=…; when the state is the one this tab
// sent, the API completes the sign-in, or asks for the second factor of an account with two-factor on.
import { useEffect, useState } from 'react';
import { AuthCard } from './AuthCard.tsx';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { Loading } from '../ui/Loading.tsx';
import { completeGoogleSignIn, type GoogleOutcome, takeRedirectResult } from './google.ts';
import { TwoFactorCard } from './TwoFactorStep.tsx';
import { linkClass } from '../ui/classes.ts';

function Verify() {
  const [outcome, setOutcome] = useState<GoogleOutcome | null>(null);
  useEffect(() => {
    const result = takeRedirectResult(new URLSearchParams(location.search));
    // The code is single-use and must not stay in the address bar or the history.
    history.replaceState(null, '', location.pathname);
    const redirect = result && { uri: `${location.origin}/google-verify`, verifier: result.verifier };
    void completeGoogleSignIn(result?.code, redirect).then(setOutcome);
  }, []);

  if (outcome !== null && typeof outcome === 'object') {
    return <TwoFactorCard challenge={outcome.challenge} onRestart={() => location.assign('/login')} />;
  }
  if (outcome !== 'failed') return <Loading label="Completing Google sign-in…" />;
  return (
    <AuthCard title="Google sign-in did not complete">
      <p className="text-sm text-slate-700">
        Please{' '}
        <a href="/login" className={linkClass}>
          try signing in again
        </a>
        .
      </p>
    </AuthCard>
  );
}

export default function GoogleVerify() {
  return (
    <ErrorBoundary>
      <Verify />
    </ErrorBoundary>
  );
}
