// Turning two-factor off and making new recovery codes ask the owner again: the password, or a code of
// the app (or a recovery code), under the sign-in limits. A wrong answer is a 401 that names its field.
import type { TwoFactorProofBody } from '../../lib/schemas/two-factor.ts';
import { checkOwnerAnswer, WRONG_PASSWORD } from '../account/proof.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { Deps } from '../core/context.ts';
import type { UserRow } from '../db/schema.ts';
import { acceptSecondFactor } from './second-factor.ts';
import { WRONG_CODE } from './sign-in-routes.ts';

export async function proveWithPasswordOrCode(deps: Deps, ip: string, user: UserRow, body: TwoFactorProofBody) {
  const { password, code } = body;
  if (password !== undefined) {
    const check = () => verifyPassword(user.passwordHash, password);
    await checkOwnerAnswer(deps, ip, user, check, { field: 'password', wrong: WRONG_PASSWORD });
  } else {
    const check = () => acceptSecondFactor(deps, user.id, code ?? '');
    await checkOwnerAnswer(deps, ip, user, check, { field: 'code', wrong: WRONG_CODE });
  }
}
