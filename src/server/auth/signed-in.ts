// The end of every sign-in that proved who the user is: a new session, the user as the answer shows
// them, and the account's language, which the site's pages land in. One that proved the password (alone or with a second factor) also remembers the client, so that
// failed sign-ins of the account from elsewhere do not lock this client out (known-clients.ts).
import type { Deps } from '../core/context.ts';
import type { SignInMethod, UserRow } from '../db/schema.ts';
import { toUser } from '../users/user-json.ts';
import { rememberClient } from './known-clients.ts';
import { createSession } from './sessions.ts';

export const SIGNED_IN = 'Signed in successfully';

/** `userAgent` is the request's User-Agent header, which the device list names the session by. */
export async function signedIn(deps: Deps, user: UserRow, method: SignInMethod, userAgent: string | undefined) {
  return { token: await createSession(deps, user.id, userAgent, method), user: toUser(user), locale: user.locale };
}

/** `ip` is the client as the rate limits key it (clientKey); the answer's deviceToken proves it later. */
export async function signedInWithPassword(
  deps: Deps,
  user: UserRow,
  method: 'password' | 'two-factor',
  userAgent: string | undefined,
  ip: string,
) {
  const session = await signedIn(deps, user, method, userAgent);
  return { ...session, deviceToken: await rememberClient(deps, user.id, user.email, ip) };
}
