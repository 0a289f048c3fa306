// The account's data as one JSON document, for the owner to download: profile, sign-in links,
// sessions (devices), the enquiries sent and calls booked while signed in, passkeys (names and dates) and whether
// two-factor is on. Secrets (password hash, token hashes, codes, keys) are not personal data the owner
// can use and stay out.
import { asc, eq } from 'drizzle-orm';
import type { AccountExport } from '../../lib/schemas/account.ts';
import type { Deps } from '../core/context.ts';
import { identities, passkeys, type SessionRow, type UserRow } from '../db/schema.ts';
import { toPasskey } from '../passkeys/passkey-json.ts';
import { isTwoFactorOn } from '../two-factor/second-factor.ts';
import { toAccountUser, toDeviceSession, toOwnEnquiry } from './account-json.ts';
import { liveSessions, ownEnquiries } from './records.ts';
import { ownBookings, toOwnBooking } from '../bookings/account-routes.ts';

export async function buildExport(deps: Deps, user: UserRow, current: SessionRow): Promise<AccountExport> {
  const [links, devices, sent, keys, twoFactorOn, booked] = await Promise.all([
    deps.db.select().from(identities).where(eq(identities.userId, user.id)),
    liveSessions(deps, user.id),
    ownEnquiries(deps, user.id),
    deps.db.select().from(passkeys).where(eq(passkeys.userId, user.id)).orderBy(asc(passkeys.createdAt)),
    isTwoFactorOn(deps, user.id),
    ownBookings(deps, user.id),
  ]);
  return {
    exportedAt: deps.now().toISOString(),
    service: deps.mail.company,
    profile: toAccountUser(user),
    linkedAccounts: links.map((l) => ({ provider: l.provider, email: l.email, linkedAt: l.createdAt.toISOString() })),
    sessions: devices.map((s) => ({
      ...toDeviceSession(s, current.id),
      expiresAt: s.expiresAt.toISOString(),
      userAgent: s.userAgent,
    })),
    enquiries: sent.map(toOwnEnquiry),
    bookings: booked.map((b) => ({
      ...toOwnBooking(b),
      name: b.name,
      email: b.email,
      createdAt: b.createdAt.toISOString(),
    })),
    passkeys: keys.map(toPasskey),
    twoFactorEnabled: twoFactorOn,
  };
}

/** `vyoma-labs-account-2025-06-19.json` */
export function exportFileName(company: string, now: Date): string {
  const slug =
    company
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'account';
  return `${slug}-account-${now.toISOString().slice(0, 10)}.json`;
}
