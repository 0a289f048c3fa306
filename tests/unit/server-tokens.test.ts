// Properties of the secrets the API hands out and of what it stores instead.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashCode, newCode, newToken, sameDigest } from '../../src/server/auth/tokens.ts';

describe('tokens and codes', () => {
  it('session tokens carry 256 bits and are never repeated', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newToken));
    expect(tokens.size).toBe(1000);
    for (const t of tokens) expect(Buffer.from(t, 'base64url')).toHaveLength(32);
  });

  it('codes are always six digits', () => {
    for (let i = 0; i < 2000; i++) expect(newCode()).toMatch(/^\d{6}$/);
  });

  it('a code hash depends on the key, the code id and the code, and reveals none of them', () => {
    const key = randomBytes(32);
    fc.assert(
      fc.property(fc.uuid(), fc.integer({ min: 0, max: 999_999 }), (id, n) => {
        const code = String(n).padStart(6, '0');
        const digest = hashCode(key, id, code);
        expect(digest).toMatch(/^[0-9a-f]{64}$/);
        // The id and the key are too long to appear by chance; six digits do, once in a few thousand
        // digests, so the code's secrecy is shown by the comparisons below instead.
        expect(digest).not.toContain(id.replace(/-/g, ''));
        expect(digest).not.toContain(key.toString('hex').slice(0, 16));
        expect(sameDigest(digest, hashCode(key, id, code))).toBe(true);
        expect(sameDigest(digest, hashCode(randomBytes(32), id, code))).toBe(false);
        const other = String((n + 1) % 1_000_000).padStart(6, '0');
        expect(sameDigest(digest, hashCode(key, id, other))).toBe(false);
      }),
    );
  });
});
