// A one-time code on its way to an account's address: the limits every code mail obeys whoever asks for
// it (the address's own windows, so that nobody, an admin included, can flood an inbox), and the mail.
import type { Deps } from '../core/context.ts';
import type { CodePurpose, UserRow } from '../db/schema.ts';
import { ApiError } from '../core/errors.ts';
import type { Hit } from '../limits/rate-limiter.ts';
import { RULES } from '../limits/rate-limit-rules.ts';
import { codeMail } from '../mail/templates.ts';
import { CODE_TTL_MS, issueCode } from './codes.ts';

/**
 * Counts one code mail to `email` for `purpose`, and one against `asker` (the client's address, or the
 * admin asking). The minute's window is per address and purpose, so that a verification code just sent
 * does not hold up the add-factor code its owner asks for next; the hour's and day's are per address.
 */
export function limitCodeMail(deps: Deps, asker: Hit, email: string, purpose: CodePurpose): Promise<void> {
  return deps.limiter.consume(
    [
      asker,
      [RULES.codeMailPerAddressPurpose, `${email}|${purpose}`],
      [RULES.codeMailPerAddressHour, email],
      [RULES.codeMailPerAddressDay, email],
    ],
    'Too many code requests. Please wait a minute and try again.',
  );
}

/**
 * A new code for the user and purpose (voiding the one before), in the mail that carries it, written in
 * the account's language (set at sign-up from the page's, changed on /account).
 */
export async function codeMailFor(deps: Deps, user: UserRow, purpose: CodePurpose) {
  const code = await issueCode(deps, user.id, purpose);
  return { to: user.email, ...codeMail(deps.mail.company, purpose, code, CODE_TTL_MS / 60_000, user.locale) };
}

/** Mails a new code now, while the caller waits: 503 when the mail server does not take it. */
export async function sendCodeMail(deps: Deps, user: UserRow, purpose: CodePurpose): Promise<void> {
  const mail = await codeMailFor(deps, user, purpose);
  try {
    await deps.mail.send(mail);
  } catch {
    throw new ApiError(503, 'Could not send the e-mail just now. Please try again in a minute.');
  }
}
