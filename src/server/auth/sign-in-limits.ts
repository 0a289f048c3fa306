// Every check of something only the account's owner knows (a password, an authenticator or recovery
// code) runs under the sign-in limits: per client and address, per client, and the account's failures
// from anywhere, which a wrong answer counts. So no call is a way around the sign-in form's limits.
import type { Deps } from '../core/context.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import type { Hit } from '../limits/rate-limiter.ts';

export const TOO_MANY_FAILURES =
  'Too many failed sign-ins for this account. Please try again later, or reset your password by e-mail.';

/** `email` is the account's (normalised) address; `check` answers whether the secret was right. */
export async function underSignInLimits(
  deps: Deps,
  ip: string,
  email: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const failures: Hit[] = [[RULES.signInFailuresPerAccount, email]];
  await deps.limiter.check(failures, TOO_MANY_FAILURES);
  await deps.limiter.consume([
    [RULES.signInPerIpEmail, `${ip}|${email}`],
    [RULES.signInPerIp, ip],
  ]);
  const right = await check();
  if (!right) await deps.limiter.count(failures);
  return right;
}
