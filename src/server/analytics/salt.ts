// The visitor hash: SHA-256 of (the day's secret salt, client address, User-Agent, site), as Plausible
// counts visitors without cookies. The salt lives in the database so that every API process of the day
// hashes alike; the salts of past days are deleted, so that no hash can be recomputed or linked to
// another day's.
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { analyticsSalts } from '../db/schema.ts';

export class DailySalt {
  private current: { day: string; salt: Promise<Buffer> } | undefined;

  constructor(private readonly db: Db) {}

  /** The salt of `day`, made by whichever process asks first; past days' salts go at the same time. */
  forDay(day: string): Promise<Buffer> {
    if (this.current?.day !== day) {
      const salt = this.load(day);
      this.current = { day, salt };
      // A failed load (database down) is not kept: the next view tries again.
      salt.catch(() => {
        if (this.current?.salt === salt) this.current = undefined;
      });
    }
    return this.current.salt;
  }

  private async load(day: string): Promise<Buffer> {
    await this.db
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString('base64') })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(analyticsSalts).where(eq(analyticsSalts.day, day));
    await this.db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
    return Buffer.from(row!.salt, 'base64');
  }
}

export function visitorHash(salt: Buffer, ip: string, userAgent: string, site: string): string {
  // Length-prefixed parts: no two different tuples hash the same input.
  const h = createHash('sha256').update(salt);
  for (const part of [ip, userAgent, site]) h.update(`${Buffer.byteLength(part)}:${part}`);
  return h.digest('base64url').slice(0, 22);
}
