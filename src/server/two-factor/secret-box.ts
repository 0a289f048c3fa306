// TOTP secrets at rest: AES-256-GCM under the two-factor key (core/secrets.ts), a fresh 96-bit nonce per
// secret, and the user's id as additional data, so that a ciphertext copied onto another user's row does
// not open. Stored as "v1.<nonce>.<tag>.<ciphertext>", base64url.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export function seal(key: Buffer, plaintext: string, userId: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Throws when the key, the user or the stored text is not the one it was sealed with. */
export function open(key: Buffer, stored: string, userId: string): string {
  const [version, nonce, tag, sealed] = stored.split('.');
  if (version !== VERSION || !nonce || !tag || sealed === undefined)
    throw new Error('Unknown two-factor secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}
