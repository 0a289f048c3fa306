// The last admin keeps the role: a change that would leave no admin (an admin demoted, deleted to the
// trash, or deleting their own account) is refused with 409, or nobody could reach the admin area any
// more. The rule runs inside the change's transaction: it first locks the rows of every admin (in id
// order, so that concurrent changes never deadlock) and then looks for another admin. Two changes that
// race therefore run one after the other, and the second sees the first's result.
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';

export const LAST_ADMIN = 'The last admin cannot lose the role';

/** Locks every admin's row until the transaction ends: the first step of any change to admins. */
export async function lockAdmins(tx: Tx): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.id)).for('update');
}

/** Refuses (409, with `message`) when the account `losing` is an admin and no other admin exists. */
export async function keepAnAdmin(tx: Tx, losing: string, message = LAST_ADMIN): Promise<void> {
  const [self] = await tx.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, losing));
  if (!self?.isAdmin) return;
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), ne(users.id, losing)))
    .limit(1);
  if (!other) throw new ApiError(409, message);
}
