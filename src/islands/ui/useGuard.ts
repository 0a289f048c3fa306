// Route guards, run in the browser because every page is prebuilt (docs/decisions/020-islands-session-guards-toasts.md).
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { go } from '../../lib/navigate.ts';
import { $session } from '../../lib/session.ts';
import { flashAndGo } from '../../lib/toast.ts';
import { type Rule, verdict } from './guard-verdict.ts';
import { useLanguage } from './i18n.tsx';

/** Shown on /login when a signed-in page finds that this device's session was ended from elsewhere. */
export const SIGNED_OUT_ELSEWHERE = 'You were signed out on this device. Sign in again to continue.';

/** The session, and whether the guarded content may render (false while loading or redirecting). */
export function useGuard(rule: Rule) {
  const { t, path } = useLanguage();
  const session = useStore($session);
  const v = verdict(rule, session);
  const { ended } = session;
  useEffect(() => {
    if (v === 'verified') flashAndGo('info', t('Your account is already verified'), path('/userdashboard'), true);
    else if (v === '/login' && ended) flashAndGo('info', t(SIGNED_OUT_ELSEWHERE), path('/login'), true);
    else if (v.startsWith('/')) go(path(v), true);
  }, [v, ended, t, path]);
  return { session, allowed: v === 'show' };
}
