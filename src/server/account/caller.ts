// Who is acting on their own account (the signed-in user, on this session, from this address), and what
// the notice mails of such an act say about it.
import type { Deps } from '../core/context.ts';
import type { SessionRow, UserRow } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import type { NoticeContext } from '../mail/account-templates.ts';
import { mailTranslator } from '../mail/language.ts';
import { enqueueMail, PRIORITY } from '../mail/outbox.ts';
import type { MailContent } from '../mail/templates.ts';
import { deviceName } from './device.ts';

export interface Caller {
  user: UserRow;
  session: SessionRow;
  ip: string;
}

/**
 * The notice mail's context: when it happened and from which device (the session's, or the request's
 * User-Agent when no session acted), for the account's owner to check, in the account's language.
 */
export function noticeContext(
  deps: Deps,
  account: Pick<UserRow, 'locale'>,
  from: Pick<SessionRow, 'userAgent'>,
  when: Date,
): NoticeContext {
  const { locale } = account;
  const device = deviceName(from.userAgent, mailTranslator(locale));
  return { company: deps.mail.company, siteUrl: deps.config.siteUrl, when, device, locale };
}

/**
 * Queues a security notice, only to an address the owner has proved: sign-up proves none, so an unproved
 * one may be a stranger's, and every change would mail them. Notices go out before bulk mail, and are
 * forgotten with the account (forget.ts).
 */
export async function queueNotice(tx: Pick<Db, 'insert'>, now: Date, user: UserRow, mail: MailContent) {
  if (!user.isAccountVerified) return;
  await enqueueMail(tx, now, { to: user.email, ...mail }, { priority: PRIORITY.notice, accountId: user.id });
}
