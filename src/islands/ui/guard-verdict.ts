// What a route guard decides from the session, apart from React so that it can be tested alone.
import type { SessionState } from '../../lib/session.ts';

/**
 * - guest: /Signup and /login; a signed-in user goes to /userdashboard.
 * - user: needs a token, else /login.
 * - admin: as user, and a non-admin goes to /userdashboard.
 * - unverified: as user, and a verified account goes to /userdashboard with a message.
 */
export type Rule = 'guest' | 'user' | 'admin' | 'unverified';

/** 'wait' while the user is loading, 'show' to render, 'verified' for the message, else the path to go to. */
export type Verdict = 'wait' | 'show' | 'verified' | `/${string}`;

export function verdict(rule: Rule, s: Pick<SessionState, 'isLoading' | 'isLoggedIn' | 'userData'>): Verdict {
  if (rule === 'guest') return s.userData ? '/userdashboard' : 'show';
  if (!s.isLoggedIn && !s.isLoading) return '/login';
  if (!s.userData) return 'wait';
  if (rule === 'admin' && !s.userData.isAdmin) return '/userdashboard';
  if (rule === 'unverified' && s.userData.isAccountVerified) return 'verified';
  return 'show';
}
