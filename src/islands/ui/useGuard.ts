// Route guards, run in the browser because every page is prebuilt (docs/decisions/020-islands-session-and-guards.md).
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { go } from '../../lib/navigate.ts';
import { $session } from '../../lib/session.ts';
import { flashAndGo } from '../../lib/toast.ts';
import { type Rule, verdict } from './guard-verdict.ts';

/** The session, and whether the guarded content may render (false while loading or redirecting). */
export function useGuard(rule: Rule) {
  const session = useStore($session);
  const v = verdict(rule, session);
  useEffect(() => {
    if (v === 'verified') flashAndGo('info', 'Your account is already verified', '/userdashboard', true);
    else if (v.startsWith('/')) go(v, true);
  }, [v]);
  return { session, allowed: v === 'show' };
}
