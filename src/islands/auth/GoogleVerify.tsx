// /google-verify: Google's redirect flow lands here with ?code=…&state=…; when the state is the one this tab
// sent, the API completes the sign-in, or asks for the second factor of an account with two-factor on.
import { useEffect, useState } from 'react';
import { AuthCard } from './AuthCard.tsx';
import { Island, type IslandProps } from '../ui/Island.tsx';
import { TRANSLATIONS } from './catalogs.ts';
import { Loading } from '../ui/Loading.tsx';
import { completeGoogleSignIn, type GoogleOutcome, redirectLanguage, takeRedirectResult } from './google.ts';
import { localePath } from '../../i18n/locales.ts';
import { TwoFactorCard } from './TwoFactorStep.tsx';
import { linkClass } from '../ui/classes.ts';
import { useLanguage } from '../ui/i18n.tsx';

function Verify() {
  const language = useLanguage();
  const { t, path } = language;
  const [outcome, setOutcome] = useState<GoogleOutcome | null>(null);
  useEffect(() => {
    const started = redirectLanguage(language.locale);
    if (started) {
      location.replace(`${localePath('/google-verify', started)}${location.search}`);
      return;
    }
    const result = takeRedirectResult(new URLSearchParams(location.search));
    // The code is single-use and must not stay in the address bar or the history.
    history.replaceState(null, '', location.pathname);
    // The address Google was given, as registered with Google: the same in every language.
    const redirect = result && { uri: `${location.origin}/google-verify`, verifier: result.verifier };
    void completeGoogleSignIn(language, result?.code, redirect).then(setOutcome);
    // Once: the page's language does not change while it lives.
  }, [language]);

  if (outcome !== null && typeof outcome === 'object') {
    return <TwoFactorCard challenge={outcome.challenge} onRestart={() => location.assign(path('/login'))} />;
  }
  if (outcome !== 'failed') return <Loading label={t('Completing Google sign-in…')} />;
  // The link sits where the language puts it in the sentence: the text around it, in two parts.
  const [beforeLink, afterLink] = t('Please {link}.').split('{link}');
  return (
    <AuthCard title={t('Google sign-in did not complete')}>
      <p className="text-sm text-slate-700">
        {beforeLink}
        <a href={path('/login')} className={linkClass}>
          {t('try signing in again')}
        </a>
        {afterLink}
      </p>
    </AuthCard>
  );
}

export default function GoogleVerify({ locale }: IslandProps) {
  return (
    <Island locale={locale} catalogs={TRANSLATIONS}>
      <Verify />
    </Island>
  );
}
