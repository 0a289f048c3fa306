// The frame of each /account panel island: its own error boundary, and the signed-in guard with a small
// waiting state (the page has several panels; the top bar's guard is the one that redirects first).
import type { ReactNode } from 'react';
import { errorMessage, toApiError } from '../../lib/api-client.ts';
import type { User } from '../../lib/schemas/auth.ts';
import { loadUser } from '../../lib/session.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { fieldErrors } from './Field.tsx';
import { Protected } from './Protected.tsx';

export function AccountPanel({ children }: { children: (user: User) => ReactNode }) {
  return (
    <ErrorBoundary>
      <Protected rule="user" compact>
        {children}
      </Protected>
    </ErrorBoundary>
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
// about 30 ms of main thread on a phone, which /userdashboard paid before its first paint of the panel
// even when it showed no date.
let when: Intl.DateTimeFormat | undefined;
let day: Intl.DateTimeFormat | undefined;

export const formatTime = (iso: string) =>
  (when ??= new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' })).format(new Date(iso));
export const formatDay = (iso: string) =>
  (day ??= new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' })).format(new Date(iso));
