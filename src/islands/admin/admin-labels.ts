// Words the admin views show for the API's codes: enquiry statuses and audit actions.
import { ENQUIRY_STATUSES, type EnquiryStatus } from '../../lib/constants.ts';
import { formatDateTime } from '../../lib/intl-format.ts';

export const STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  'in-progress': 'In progress',
  answered: 'Answered',
  closed: 'Closed',
};

export const STATUS_OPTIONS = ENQUIRY_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

const ACTION_LABELS: Record<string, string> = {
  'user.update': 'Edited a user',
  'user.grant-admin': 'Made a user admin',
  'user.revoke-admin': 'Removed admin role',
  'user.verify': 'Marked a user verified',
  'user.unverify': 'Marked a user unverified',
  'user.resend-code': 'Resent a verification code',
  'user.end-sessions': "Ended a user's sessions",
  'user.delete': 'Deleted a user',
  'user.restore': 'Restored a user',
  'user.purge': 'Deleted a user for good',
  'contact.update': 'Updated an enquiry',
  'contact.reply': 'Replied to an enquiry',
  'contact.delete': 'Deleted an enquiry',
  'contact.restore': 'Restored an enquiry',
  'contact.purge': 'Deleted an enquiry for good',
  'contact.export': 'Exported enquiries',
  'trash.purge': 'Emptied old trash',
  'database.backup': 'Downloaded a backup',
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** A date and time in the admin's own time zone, e.g. "22 Nov 2026, 14:05". */
const WHEN: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};
export const when = (iso: string) => formatDateTime(new Date(iso), 'en-GB', WHEN);
