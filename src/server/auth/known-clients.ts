// The clients that signed in to an account before, which strangers' failed sign-ins do not lock out
// (sign-in-limits.ts): an address (as the rate limits key it) that signed in with the password within
// KNOWN_CLIENT_DAYS, or a browser that sends back the device token a sign-in gave it (OWASP's "device
// cookies": signed with the server's code key, bound to the account, valid DEVICE_TOKEN_DAYS, and void when
// it was given before the account's factors were cleared, auth/factors.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Deps } from '../core/context.ts';
import { knownClients, users } from '../db/schema.ts';
import { RULES } from '../limits/rate-limit-rules.ts';

export const KNOWN_CLIENT_DAYS = 90;
export const DEVICE_TOKEN_DAYS = 180;
const DAY_MS = 86_400_000;
/** Looked up for an address without an account too, so that both answers take the same path. */
const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

export interface KnownClientProof {
  /** The account of the address typed, when there is one. */
  userId?: string | undefined;
  /** What the browser sent back from an earlier sign-in, if anything. */
  deviceToken?: string | undefined;
}

/**
 * After a good password: this address becomes a known client of the account, its own failures are
 * forgotten, and the answer carries a new device token for the browser to keep.
 */
export async function rememberClient(deps: Deps, userId: string, email: string, ip: string): Promise<string> {
  const now = deps.now();
  await deps.db
    .insert(knownClients)
    .values({ userId, client: ip, lastSignInAt: now })
    .onConflictDoUpdate({ target: [knownClients.userId, knownClients.client], set: { lastSignInAt: now } });
  await deps.limiter.clear([[RULES.signInFailuresPerAccountClient, `${email}|${ip}`]]);
  return deviceToken(deps, userId, now.getTime() + DEVICE_TOKEN_DAYS * DAY_MS);
}

/** `ip` is clientKey(c). Looks the address up even without an account, so both answers take one path. */
export async function isKnownClient(deps: Deps, ip: string, client: KnownClientProof): Promise<boolean> {
  const since = new Date(deps.now().getTime() - KNOWN_CLIENT_DAYS * DAY_MS);
  const [row] = await deps.db
    .select({ client: knownClients.client })
    .from(knownClients)
    .where(
      and(
        eq(knownClients.userId, client.userId ?? NO_ACCOUNT),
        eq(knownClients.client, ip),
        gt(knownClients.lastSignInAt, since),
      ),
    );
  if (row !== undefined) return true;
  if (client.userId === undefined || client.deviceToken === undefined) return false;
  const [user] = await deps.db
    .select({ clearedAt: users.factorsClearedAt })
    .from(users)
    .where(eq(users.id, client.userId));
  return user !== undefined && validDeviceToken(deps, client.userId, client.deviceToken, user.clearedAt);
}

function mac(deps: Deps, payload: string): Buffer {
  return createHmac('sha256', deps.codeKey).update(`device-token|${payload}`).digest();
}

function deviceToken(deps: Deps, userId: string, expires: number): string {
  const payload = `${userId}.${expires}`;
  return `${payload}.${mac(deps, payload).toString('base64url')}`;
}

/** `clearedAt`: a token given before then (its expiry less DEVICE_TOKEN_DAYS) is void. */
function validDeviceToken(deps: Deps, userId: string, token: string, clearedAt: Date | null): boolean {
  const [id, expires, signature] = token.split('.');
  if (id !== userId || !expires || !signature || !(Number(expires) > deps.now().getTime())) return false;
  if (clearedAt && Number(expires) - DEVICE_TOKEN_DAYS * DAY_MS <= clearedAt.getTime()) return false;
  const given = Buffer.from(signature, 'base64url');
  const wanted = mac(deps, `${id}.${expires}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
