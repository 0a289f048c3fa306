// argon2id with OWASP's minimum (m=19456 KiB, t=2, p=1), and a small list of passwords nobody may use.
import { hash, verify } from '@node-rs/argon2';
import { ApiError } from '../errors.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

// Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules.
const ARGON2ID = 2;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verified against when the account does not exist, so an unknown e-mail takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
    await verify(await dummyHash, password);
    return false;
  }
  return verify(storedHash, password);
}

const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose another.';

/** Throws a 400 naming `field` when the password is one of the common ones. */
export function refuseCommonPassword(password: string, field: string): void {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    throw new ApiError(400, COMMON_PASSWORD_MESSAGE, {}, [{ path: field, message: COMMON_PASSWORD_MESSAGE }]);
  }
}
