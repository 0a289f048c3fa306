// The User of the API contract: { _id, name, email, isAccountVerified, isAdmin }.
import type { User } from '../../lib/schemas/auth.ts';
import type { UserRow } from '../db/schema.ts';

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    isAccountVerified: row.isAccountVerified,
    isAdmin: row.isAdmin,
  };
}
