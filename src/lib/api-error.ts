// The one error shape of the islands' calls, apart from the HTTP client so that a form can show a failed
// call's message without loading the client (the landing page's contact form loads it only on send).
import type { Issue } from './schemas/api.ts';

/** Every failed call ends as this: the HTTP status (0 when no answer came) and a message fit to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The API's `issues`: the field (a dotted path) and what is wrong with it. */
    readonly issues: Issue[] = [],
    /** The API's `stepUp`: the call needs the code mailed for adding a sign-in factor first. */
    readonly stepUp = false,
    /** The API's `twoFactorRequired`: the call needs a code of the authenticator app (or a recovery code). */
    readonly twoFactorRequired = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Any error as an ApiError: the client throws only ApiErrors, so anything else never reached the server. */
export function toApiError(err: unknown): ApiError {
  return err instanceof ApiError ? err : new ApiError(0, 'Could not reach the server');
}

/**
 * The message to show for a failed call: the server's own words when it answered; else `fallback`
 * when the screen has a fixed text for that case; else what went wrong on the way (no answer, too slow).
 */
export function errorMessage(err: unknown, fallback?: string): string {
  const e = toApiError(err);
  if (e.status > 0 && e.message) return e.message;
  return fallback ?? e.message;
}
