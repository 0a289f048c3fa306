// The server's keys: from the environment when set, else one random key made at first start and kept in
// the database, so that every API process on that database shares it.
//   code key        (OTP_SECRET): the HMAC of one-time and recovery codes;
//   two-factor key  (TWO_FACTOR_KEY): the AES-256-GCM encryption of TOTP secrets. Production refuses to
//                   start without it (src/config/config.ts): a key beside the ciphertext protects nothing against a
//                   copy of the database, so the fallback is for development and tests only.
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';

async function loadKey(db: Db, name: string, configured: string | undefined): Promise<Buffer> {
  if (configured) return createHash('sha256').update(configured).digest();
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  return Buffer.from(row!.value, 'base64');
}

export const loadCodeKey = (db: Db, otpSecret: string | undefined) => loadKey(db, 'code-key', otpSecret);

export const loadTwoFactorKey = (db: Db, twoFactorKey: string | undefined) =>
  loadKey(db, 'two-factor-key', twoFactorKey);
