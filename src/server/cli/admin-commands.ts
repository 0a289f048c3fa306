// What `npm run admin` does, as functions on a database (the tests call them too).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users, type UserRow } from '../db/schema.ts';
import { normaliseEmail } from '../users/email.ts';

export class NoSuchUserError extends Error {}

export async function setAdmin(db: Db, email: string, isAdmin: boolean): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ isAdmin })
    .where(eq(users.email, normaliseEmail(email)))
    .returning();
  if (!user) throw new NoSuchUserError(`No account with the e-mail ${email}. The person must sign up first.`);
  return user;
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.createdAt));
}
