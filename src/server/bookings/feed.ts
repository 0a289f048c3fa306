// The admins' calendar feed: a secret address (text/calendar) that Google Calendar or Outlook subscribes
// to. Only the secret's SHA-256 is kept; making a new address replaces it, and the old one answers 404.
import { eq } from 'drizzle-orm';
import { newToken, sameDigest, sha256 } from '../auth/tokens.ts';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';

const FEED_SECRET = 'booking-feed';

/** Makes a new secret (voiding the one before) and returns it. */
export async function newFeedSecret(db: Db): Promise<string> {
  const secret = newToken();
  await db
    .insert(serverSecrets)
    .values({ name: FEED_SECRET, value: sha256(secret) })
    .onConflictDoUpdate({ target: serverSecrets.name, set: { value: sha256(secret) } });
  return secret;
}

export async function isFeedSecret(db: Db, secret: string): Promise<boolean> {
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, FEED_SECRET));
  return row !== undefined && sameDigest(row.value, sha256(secret));
}
