// The frame of each /account panel island: the signed-in guard with a small waiting state (the page has
// several panels; the top bar's guard is the one that redirects first).
import type { ReactNode } from 'react';
import { DEFAULT_LOCALE, LANGUAGES, type Locale } from '../../i18n/locales.ts';
import { errorMessage, toApiError } from '../../lib/api-error.ts';
import { formatDateTime } from '../../lib/intl-format.ts';
import type { User } from '../../lib/schemas/auth.ts';
import { loadUser } from '../../lib/session.ts';
import { fieldErrors } from '../ui/Field.tsx';
import { Protected } from '../ui/Protected.tsx';

export function AccountPanel({ children }: { children: (user: User) => ReactNode }) {
  return (
    <Protected rule="user" compact>
      {children}
    </Protected>
  );
}

/**
 * What a failed call means for a form: a message and the fields it names. A 401 without fields is an
 * ended session (a wrong password names its field): the store then learns it and the guard goes to /login.
 */
export function problemOf(err: unknown): { message: string; fields: Record<string, string> } {
  const problem = toApiError(err);
  if (problem.status === 401 && problem.issues.length === 0) void loadUser();
  return { message: errorMessage(problem), fields: fieldErrors(problem.issues) };
}

const TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

export const formatTime = (iso: string, locale: Locale = DEFAULT_LOCALE) =>
  formatDateTime(new Date(iso), LANGUAGES[locale].intl, TIME);
export const formatDay = (iso: string, locale: Locale = DEFAULT_LOCALE) =>
  formatDateTime(new Date(iso), LANGUAGES[locale].intl, DAY);
