// Every rate limit of the API, in one list (docs/decisions/014-rate-limits.md). A route applies
// them with deps.limiter.consume([[RULES.x, key], …]). "Ip" keys are clientKey(c): an IPv4 address or an
// IPv6 /64 in one spelling, so that one network cannot multiply its quota by rotating addresses.
import { ANALYTICS } from '../../lib/constants.ts';

export interface Rule {
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const RULES = {
  signInPerIpEmail: { name: 'sign-in:ip+email', limit: 10, windowMs: MINUTE },
  signInPerIp: { name: 'sign-in:ip', limit: 100, windowMs: MINUTE },
  /**
   * Failed sign-ins of one account, from anywhere: slows a guesser who rotates networks. Only failures
   * count; a client that signed in to the account before is not held by it (auth/sign-in-guard.ts), the
   * owner's password reset by mailed code is not affected, and a reset clears the window.
   */
  signInFailuresPerAccount: { name: 'sign-in-failures:email', limit: 10, windowMs: 15 * MINUTE },
  /** Failed sign-ins of one account from one client: what holds a known client that keeps failing. */
  signInFailuresPerAccountClient: { name: 'sign-in-failures:email+ip', limit: 10, windowMs: 15 * MINUTE },
  signupPerIp: { name: 'signup:ip', limit: 20, windowMs: MINUTE },
  signupPerIpHour: { name: 'signup:ip:hour', limit: 200, windowMs: HOUR },
  codeRequestPerIp: { name: 'code-request:ip', limit: 20, windowMs: MINUTE },
  /** One code mail a minute per address and purpose (auth/code-mail.ts). */
  codeMailPerAddressPurpose: { name: 'code-mail:address+purpose', limit: 1, windowMs: MINUTE },
  codeMailPerAddressHour: { name: 'code-mail:address:hour', limit: 5, windowMs: HOUR },
  /** Code mails to an address a day: an address nobody proved may be a stranger's (sign-up proves none). */
  codeMailPerAddressDay: { name: 'code-mail:address:day', limit: 10, windowMs: 24 * HOUR },
  codeCheckPerIp: { name: 'code-check:ip', limit: 30, windowMs: MINUTE },
  /**
   * Code checks per (address, client): a stranger hammering someone's address spends only their own
   * quota, never the owner's. Guessing itself is stopped by the 5 wrong tries a code allows.
   */
  codeCheckPerAddressIp: { name: 'code-check:address+ip', limit: 20, windowMs: HOUR },
  contactPerIp: { name: 'contact:ip', limit: 5, windowMs: MINUTE },
  contactPerIpHour: { name: 'contact:ip:hour', limit: 20, windowMs: HOUR },
  /** Book a Call: calls booked per address a day and per client an hour; the manage link's calls per client. */
  bookingPerAddressDay: { name: 'booking:address:day', limit: 3, windowMs: 24 * HOUR },
  bookingPerIpHour: { name: 'booking:ip:hour', limit: 10, windowMs: HOUR },
  bookingManagePerIp: { name: 'booking-manage:ip', limit: 60, windowMs: MINUTE },
  googlePerIp: { name: 'google:ip', limit: 30, windowMs: MINUTE },
  /** The content editor's GitHub sign-in: each sign-in is two calls (the redirect and the callback). */
  cmsSignInPerIp: { name: 'cms-sign-in:ip', limit: 30, windowMs: MINUTE },
  /** Passkey sign-in options and answers; a wrong passkey cannot be guessed, this only bounds the work. */
  passkeyPerIp: { name: 'passkey:ip', limit: 30, windowMs: MINUTE },
  // Admins: mail sent in their name (replies, verification codes) and exports, per admin account.
  adminMailPerActor: { name: 'admin-mail:actor', limit: 60, windowMs: HOUR },
  adminExportPerActor: { name: 'admin-export:actor', limit: 20, windowMs: MINUTE },
  accountUpdatePerUser: { name: 'account-update:user', limit: 30, windowMs: MINUTE },
  accountExportPerUser: { name: 'account-export:user', limit: 5, windowMs: HOUR },
  accountDeletePerIp: { name: 'account-delete:ip', limit: 10, windowMs: HOUR },
  /** Page views stored per address; views past it are answered alike and dropped (analytics/tracker.ts). */
  viewsPerIp: { name: 'views:ip', limit: ANALYTICS.viewsPerIpMinute, windowMs: MINUTE },
} satisfies Record<string, Rule>;
