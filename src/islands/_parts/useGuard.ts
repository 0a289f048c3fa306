// Route guards, run in the browser because every page is prebuilt (docs/decisions/020-islands-session-and-guards.md).
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $session } from '../../lib/session.ts';
import { flashAndGo } from '../../lib/toast.ts';
import { go } from '../../lib/navigate.ts';

/**
 * - guest: /Signup and /login; a signed-in user goes to /userdashboard.
 * - user: needs a token, else /login.
 * - admin: as user, and a non-admin goes to /userdashboard.
 * - unverified: as user, and a verified account goes to /userdashboard with a message.
 */
export type Rule = 'guest' | 'user' | 'admin' | 'unverified';

function verdict(rule: Rule, s: ReturnType<typeof $session.get>): 'wait' | 'show' | string {
  if (rule === 'guest') return s.userData ? '/userdashboard' : 'show';
  if (!s.isLoggedIn && !s.isLoading) return '/login';
  if (!s.userData) return 'wait';
  if (rule === 'admin' && !s.userData.isAdmin) return '/userdashboard';
  if (rule === 'unverified' && s.userData.isAccountVerified) return 'verified';
  return 'show';
}

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
