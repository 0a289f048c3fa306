// Turning two-factor off and making new recovery codes ask the owner again: the password, or a code of
// the app (or a recovery code), under the sign-in limits. A wrong answer is a 401 that names its field.
import type { TwoFactorProofBody } from '../../lib/schemas/two-factor.ts';
import { WRONG_PASSWORD } from '../account/proof.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { underSignInLimits } from '../auth/sign-in-limits.ts';
import type { Deps } from '../core/context.ts';
import type { UserRow } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import { acceptSecondFactor } from './second-factor.ts';
import { WRONG_CODE } from './sign-in-routes.ts';

export async function proveWithPasswordOrCode(deps: Deps, ip: string, user: UserRow, body: TwoFactorProofBody) {
  const { password, code } = body;
  if (password !== undefined) {
    const right = await underSignInLimits(deps, ip, user.email, () => verifyPassword(user.passwordHash, password), {
      signedIn: true,
    });
    if (!right) throw new ApiError(401, WRONG_PASSWORD, {}, [{ path: 'password', message: WRONG_PASSWORD }]);
    return;
  }
  const right = await underSignInLimits(deps, ip, user.email, () => acceptSecondFactor(deps, user.id, code ?? ''), {
    signedIn: true,
  });
  if (!right) throw new ApiError(401, WRONG_CODE, {}, [{ path: 'code', message: WRONG_CODE }]);
}
