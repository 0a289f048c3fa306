// Random secrets and their one-way digests: session tokens (SHA-256) and one-time codes (HMAC-SHA-256).
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '../../lib/constants.ts';

/** 256 random bits, base64url: what the client holds as its bearer token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** LIMITS.otpLength random digits, leading zeros included. */
export function newCode(): string {
  return String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
}

/** Keyed so that a leaked table alone cannot be brute-forced over the few possible codes (10^otpLength). */
export function hashCode(key: Buffer, codeId: string, code: string): string {
  return createHmac('sha256', key).update(`${codeId}:${code}`).digest('hex');
}

export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
