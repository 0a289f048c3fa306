// What a failed admin call says in the admin area. When the server requires two factors of admins
// (REQUIRE_ADMIN_2FA) and this session proved a password alone, it also says how to get there.
import { errorMessage, toApiError } from '../../lib/api-error.ts';
import { ADMIN_2FA_REQUIRED } from '../../lib/sign-in-methods.ts';

export const ADMIN_2FA_HOW_TO =
  'Admins must sign in with two factors. Open Account settings, add a passkey or turn on two-factor authentication, then sign out and sign in again with it.';

export function adminErrorMessage(err: unknown, fallback?: string): string {
  const problem = toApiError(err);
  if (problem.status === 403 && problem.message === ADMIN_2FA_REQUIRED)
    return `${ADMIN_2FA_REQUIRED}. ${ADMIN_2FA_HOW_TO}`;
  return errorMessage(problem, fallback);
}
