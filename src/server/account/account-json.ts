// How the account's own records are shown to their owner: the profile, the devices, the enquiries.
import type { AccountUser, DeviceSession, OwnEnquiry, ProfileUser } from '../../lib/schemas/account.ts';
import type { EnquiryRow, SessionRow, UserRow } from '../db/schema.ts';
import { toEnquiry } from '../enquiries/enquiry-json.ts';
import { toUser } from '../users/user-json.ts';
import { deviceName } from './device.ts';

/** The User with its language: what the owner sees of their profile (and may change). */
export function toProfileUser(row: UserRow): ProfileUser {
  return { ...toUser(row), locale: row.locale };
}

export function toAccountUser(row: UserRow): AccountUser {
  return { ...toProfileUser(row), hasPassword: row.passwordHash !== null, createdAt: row.createdAt.toISOString() };
}

export function toDeviceSession(row: SessionRow, currentId: string): DeviceSession {
  return {
    _id: row.id,
    current: row.id === currentId,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    device: deviceName(row.userAgent),
  };
}

export function toOwnEnquiry(row: EnquiryRow): OwnEnquiry {
  return { ...toEnquiry(row), status: row.status };
}
