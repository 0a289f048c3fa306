// ADMIN_EMAILS: the addresses whose accounts become admins once the address is proved (verified), so the
// first admin needs no stopped server and no command line. Checked when an address is verified (in the
// same transaction) and at every start, for accounts verified before the list named them. Each promotion
// is in the audit log, by the system.
import { and, eq, inArray } from 'drizzle-orm';
import { audit } from '../audit/audit.ts';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** Promotes the listed, verified, not yet admin accounts (only `userId`'s when given); returns their ids. */
export async function promoteListedAdmins(
  db: Db | Tx,
  adminEmails: readonly string[],
  at: Date,
  userId?: string,
): Promise<string[]> {
  if (adminEmails.length === 0) return [];
  const promoted = await db
    .update(users)
    .set({ isAdmin: true })
    .where(
      and(
        inArray(users.email, [...adminEmails]),
        eq(users.isAccountVerified, true),
        eq(users.isAdmin, false),
        userId ? eq(users.id, userId) : undefined,
      ),
    )
    .returning({ id: users.id, email: users.email });
  for (const user of promoted) {
    await audit(db, at, {
      actor: null,
      action: 'user.grant-admin',
      target: { kind: 'user', id: user.id, label: user.email },
      detail: { reason: 'ADMIN_EMAILS' },
    });
  }
  return promoted.map((u) => u.id);
}
