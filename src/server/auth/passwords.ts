// argon2id with OWASP's minimum (m=19456 KiB, t=2, p=1), and the common passwords nobody may use.
import { hash, verify } from '@node-rs/argon2';
import { ApiError } from '../core/errors.ts';
import { isCommonPassword } from './common-passwords.ts';

// Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules.
const ARGON2ID = 2;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Admits at most `capacity` pieces of work at once and refuses the rest with 503 and Retry-After, so that
 * a flood of sign-ins is turned away at once instead of queueing without end behind the hashes.
 */
export class WorkGate {
  private running = 0;

  constructor(private readonly capacity: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.capacity) {
      throw new ApiError(503, 'The server is busy. Please try again in a moment.', { 'Retry-After': '1' });
    }
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
    }
  }
}

/** argon2 runs on libuv's 4 threads; 16 hashes in hand is a few hundred milliseconds of work. */
const hashing = new WorkGate(16);

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password, ARGON2_OPTIONS));
}

// Verified against when the account does not exist, so an unknown e-mail takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('not-a-real-password-only-for-timing', ARGON2_OPTIONS);
    const dummy = await dummyHash;
    await hashing.run(() => verify(dummy, password));
    return false;
  }
  return hashing.run(() => verify(storedHash, password));
}

const COMMON_PASSWORD_MESSAGE =
  'This password is too common: it appears in lists of leaked passwords. Please choose another.';

/** Throws a 400 naming `field` when the password is one of the common ones. */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new ApiError(400, COMMON_PASSWORD_MESSAGE, {}, [{ path: field, message: COMMON_PASSWORD_MESSAGE }]);
  }
}
