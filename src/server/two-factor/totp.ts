// RFC 6238 time-based codes as authenticator apps make them: SHA-1, LIMITS.otpLength digits, 30-second
// steps, and one step either side of now accepted for clocks that drift.
import { Secret, TOTP } from 'otpauth';
import { LIMITS } from '../../lib/constants.ts';

const PERIOD_S = 30;
const WINDOW = 1;

function totp(secret: string, issuer = '', label = '') {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: LIMITS.otpLength,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** 160 random bits (the size RFC 4226 recommends), base32 as apps take it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** otpauth://totp/Issuer:account?secret=…: what the QR code holds. */
export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return totp(secret, issuer, account).toString();
}

/** The time step whose code this is (now or one step either side), or undefined. */
export function stepOfCode(secret: string, code: string, now: Date): number | undefined {
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? undefined : Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}
