// A passkey as the API shows it: its name and dates, never its key.
import type { Passkey } from '../../lib/schemas/passkeys.ts';
import type { PasskeyRow } from '../db/schema.ts';

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    _id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
