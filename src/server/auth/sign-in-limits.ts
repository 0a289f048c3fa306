// Every check of something only the account's owner knows (a password, an authenticator or recovery
// code) runs under the sign-in limits: per client and address, per client, and the failures a wrong
// answer counts. So no call is a way around the sign-in form's limits.
//
// Failures count twice: per (account, client), which holds one client that keeps guessing, and per
// account from anywhere, which slows a guesser who rotates addresses. The account-wide count alone would
// let a stranger shut the owner out, so a client that signed in to the account before (known-clients.ts),
// or one already signed in to it, passes that limit and is held only by its own count.
import type { Deps } from '../core/context.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import type { Hit } from '../limits/rate-limiter.ts';
import { isKnownClient, type KnownClientProof } from './known-clients.ts';

export const TOO_MANY_FAILURES =
  'Too many failed sign-ins for this account. Please try again later, or reset your password by e-mail.';

export interface ClientProof extends KnownClientProof {
  /** The caller holds a session of the account (a confirmation while signed in). */
  signedIn?: boolean;
}

/** `email` is the account's (normalised) address; `check` answers whether the secret was right. */
export async function underSignInLimits(
  deps: Deps,
  ip: string,
  email: string,
  check: () => Promise<boolean>,
  client: ClientProof = {},
): Promise<boolean> {
  const own: Hit = [RULES.signInFailuresPerAccountClient, `${email}|${ip}`];
  const account: Hit = [RULES.signInFailuresPerAccount, email];
  const known = client.signedIn === true || (await isKnownClient(deps, ip, client));
  const failures = known ? [own] : [own, account];
  // Read first, then the attempt limits: a request refused by either writes nothing (a flood of refusals
  // cannot fill the table).
  await deps.limiter.check(failures, TOO_MANY_FAILURES);
  await deps.limiter.consume([
    [RULES.signInPerIpEmail, `${ip}|${email}`],
    [RULES.signInPerIp, ip],
  ]);
  // A failure's place is taken before the secret is checked and given back when it was right: a burst of
  // guesses, on one server or several, never gets more checks than the failure limit has places.
  await deps.limiter.reserve(failures, TOO_MANY_FAILURES);
  const right = await check();
  if (right) await deps.limiter.release(failures);
  // A known client is not held by the account-wide count, but its failures still add to it.
  else if (known) await deps.limiter.count([account]);
  return right;
}
