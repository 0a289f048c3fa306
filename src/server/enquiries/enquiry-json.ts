// The Contact enquiry of the API contract: { _id, username, email, message, phoneNumber, createdAt }.
import type { Enquiry } from '../../lib/schemas/contact.ts';
import type { EnquiryRow } from '../db/schema.ts';

export function toEnquiry(row: EnquiryRow): Enquiry {
  return {
    _id: row.id,
    username: row.name,
    email: row.email,
    message: row.message,
    phoneNumber: row.phoneNumber,
    createdAt: row.createdAt.toISOString(),
  };
}
