// The frame of each /account panel island: the signed-in guard with a small waiting state (the page has
// several panels; the top bar's guard is the one that redirects first).
import type { ReactNode } from 'react';
import { DEFAULT_LOCALE, LANGUAGES, type Locale } from '../../i18n/locales.ts';
import { errorMessage, toApiError } from '../../lib/api-error.ts';
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

// Made on first use, not when the module loads: creating an Intl formatter builds the locale's patterns,
// about 30 ms of main thread on a phone, which /userdashboard paid in its longest task even when it showed
// no date. One per language, since a page shows one language only.
function dateFormat(options: Intl.DateTimeFormatOptions): (iso: string, locale?: Locale) => string {
  const formats = new Map<Locale, Intl.DateTimeFormat>();
  return (iso, locale = DEFAULT_LOCALE) => {
    let format = formats.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(LANGUAGES[locale].intl, options);
      formats.set(locale, format);
    }
    return format.format(new Date(iso));
  };
}

export const formatTime = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });
export const formatDay = dateFormat({ dateStyle: 'medium' });
