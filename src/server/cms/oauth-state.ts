// The `state` of the editor's GitHub sign-in: a random nonce and an expiry, signed with a key derived from
// the server's code key (so every API process on the database accepts it), and usable once. Its single
// use is recorded as a row of the rate-limit table that lives until the state would expire: a window of
// one hit, purged with the other expired windows by housekeeping.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

/** Long enough to sign in to GitHub (and set up two-factor there), short enough to be useless when leaked. */
export const STATE_TTL_MS = 10 * 60_000;

export type Redeemed = 'ok' | 'forged' | 'expired' | 'used';

export class OAuthStates {
  private readonly key: Buffer;

  constructor(
    codeKey: Buffer,
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    this.key = createHmac('sha256', codeKey).update('cms-oauth-state').digest();
  }

  issue(): string {
    const payload = `${randomBytes(16).toString('base64url')}.${this.now().getTime() + STATE_TTL_MS}`;
    return `${payload}.${this.sign(payload)}`;
  }

  async redeem(state: string): Promise<Redeemed> {
    const [nonce, expires, signature] = state.split('.');
    const payload = `${nonce}.${expires}`;
    if (!nonce || !expires || !signature || state.split('.').length !== 3) return 'forged';
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
    const expiresAt = Number(expires);
    if (!(expiresAt > this.now().getTime())) return 'expired';
    const [fresh] = await this.db
      .insert(rateLimits)
      .values({ key: `cms-oauth-state:${nonce}`, count: 1, resetAt: new Date(expiresAt) })
      .onConflictDoNothing()
      .returning({ key: rateLimits.key });
    return fresh ? 'ok' : 'used';
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
