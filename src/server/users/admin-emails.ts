// ADMIN_EMAILS: the addresses whose accounts become admins once the address is proved (verified), so the
// first admin needs no stopped server and no command line. Checked when an address is verified (in the
// same transaction) and at every start, for accounts verified before the list named them. An account an
// admin demoted (users.admin_revoked_at) is never promoted again by the list: the admin's word stands
// until an admin grants the role again. Each promotion is in the audit log, by the system.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { audit } from '../audit/audit.ts';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';

/**
 * Promotes the listed, verified, not yet admin accounts that no admin demoted (only `userId`'s when
 * given); returns their ids.
 */
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
        isNull(users.adminRevokedAt),
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

/** Whether ADMIN_EMAILS names the address (the audit row of a demotion says that the demotion sticks). */
export const isListedAdmin = (adminEmails: readonly string[], email: string) => adminEmails.includes(email);
