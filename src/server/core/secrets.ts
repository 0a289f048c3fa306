// The key for hashing one-time codes: OTP_SECRET when set, else one random key made at first start and
// kept in the database, so that every API process on that database shares it.
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';

export async function loadCodeKey(db: Db, otpSecret: string | undefined): Promise<Buffer> {
  if (otpSecret) return createHash('sha256').update(otpSecret).digest();
  await db
    .insert(serverSecrets)
    .values({ name: 'code-key', value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'code-key'));
  return Buffer.from(row!.value, 'base64');
}
