// What `npm run admin` does, as functions on a database (the tests call them too).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users, type UserRow } from '../db/schema.ts';
import { normaliseEmail } from '../users/email.ts';
import { keepAnAdmin, lockAdmins } from '../users/last-admin.ts';

export class NoSuchUserError extends Error {}

/** Gives or takes the admin role; taking it from the last admin is refused (ApiError 409), as in the API. */
export function setAdmin(db: Db, email: string, isAdmin: boolean): Promise<UserRow> {
  return db.transaction(async (tx) => {
    if (!isAdmin) await lockAdmins(tx);
    const where = eq(users.email, normaliseEmail(email));
    const [found] = await tx.select({ id: users.id }).from(users).where(where);
    if (!found) throw new NoSuchUserError(`No account with the e-mail ${email}. The person must sign up first.`);
    if (!isAdmin) await keepAnAdmin(tx, found.id);
    // A demotion sticks against ADMIN_EMAILS, as an admin's does (users/admin-emails.ts).
    const [user] = await tx
      .update(users)
      .set({ isAdmin, adminRevokedAt: isAdmin ? null : new Date() })
      .where(where)
      .returning();
    return user!;
  });
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.createdAt));
}
