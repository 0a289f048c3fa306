// How the account's own records are shown to their owner: the profile, the devices, the enquiries.
import type { AccountUser, DeviceSession, OwnEnquiry } from '../../lib/schemas/account.ts';
import type { EnquiryRow, SessionRow, UserRow } from '../db/schema.ts';
import { toEnquiry } from '../enquiries/enquiry-json.ts';
import { toUser } from '../users/user-json.ts';
import { deviceName } from './device.ts';

export function toAccountUser(row: UserRow): AccountUser {
  return { ...toUser(row), hasPassword: row.passwordHash !== null, createdAt: row.createdAt.toISOString() };
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
