// The account's own rows that /account lists: its live sessions and the enquiries it sent.
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Deps } from '../core/context.ts';
import { enquiries, sessions } from '../db/schema.ts';

export async function liveSessions(deps: Deps, userId: string) {
  return deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, deps.now())))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

export async function ownEnquiries(deps: Deps, userId: string) {
  return deps.db
    .select()
    .from(enquiries)
    .where(eq(enquiries.userId, userId))
    .orderBy(desc(enquiries.createdAt), enquiries.id);
}
