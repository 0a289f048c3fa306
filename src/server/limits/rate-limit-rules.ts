// Every rate limit of the API, in one list (docs/decisions/014-api-rate-limits.md). A route applies
// them with deps.limiter.consume([[RULES.x, key], …]), keyed on clientIp(c) and/or the address.
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
  signupPerIp: { name: 'signup:ip', limit: 20, windowMs: MINUTE },
  signupPerIpHour: { name: 'signup:ip:hour', limit: 200, windowMs: HOUR },
  codeRequestPerIp: { name: 'code-request:ip', limit: 20, windowMs: MINUTE },
  codeMailPerAddress: { name: 'code-mail:address', limit: 1, windowMs: MINUTE },
  codeMailPerAddressHour: { name: 'code-mail:address:hour', limit: 5, windowMs: HOUR },
  codeCheckPerIp: { name: 'code-check:ip', limit: 30, windowMs: MINUTE },
  codeCheckPerAddress: { name: 'code-check:address', limit: 20, windowMs: HOUR },
  contactPerIp: { name: 'contact:ip', limit: 5, windowMs: MINUTE },
  contactPerIpHour: { name: 'contact:ip:hour', limit: 20, windowMs: HOUR },
  googlePerIp: { name: 'google:ip', limit: 30, windowMs: MINUTE },
  // Admins: mail sent in their name (replies, verification codes) and exports, per admin account.
  adminMailPerActor: { name: 'admin-mail:actor', limit: 60, windowMs: HOUR },
  adminExportPerActor: { name: 'admin-export:actor', limit: 20, windowMs: MINUTE },
  accountUpdatePerUser: { name: 'account-update:user', limit: 30, windowMs: MINUTE },
  accountExportPerUser: { name: 'account-export:user', limit: 5, windowMs: HOUR },
  accountDeletePerIp: { name: 'account-delete:ip', limit: 10, windowMs: HOUR },
} satisfies Record<string, Rule>;
