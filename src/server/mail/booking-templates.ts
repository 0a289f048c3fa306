// The mails about a booked call: to the visitor (booked, moved, cancelled, the reminder), each with its
// calendar invite and in the language of the page it was booked from; and the company's notices, in
// English. The time is written in the agency's zone, and in the visitor's own beside it when the page
// said which it is.
import { LANGUAGES, type Locale } from '../../i18n/locales.ts';
import type { BookingRow } from '../db/schema.ts';
import { mailTranslator, siteLink } from './language.ts';
import { escapeHtml, layout, type MailContent } from './templates.ts';

export interface BookingMailContext {
  company: string;
  siteUrl: string;
  /** The agency's zone, e.g. Asia/Kolkata. */
  timeZone: string;
}

type Booked = Pick<BookingRow, 'start' | 'name' | 'topic' | 'locale' | 'timeZone' | 'email'>;

/** "Tuesday, 1 December 2026, 10:00 am India Standard Time" in the reader's language. */
export function callTime(start: Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(LANGUAGES[locale].intl, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'long',
  }).format(start);
}

function whenFor(ctx: BookingMailContext, b: Booked): string {
  const agency = callTime(b.start, b.locale, ctx.timeZone);
  if (!b.timeZone || b.timeZone === ctx.timeZone) return agency;
  return `${agency} (${callTime(b.start, b.locale, b.timeZone)})`;
}

function mail(ctx: BookingMailContext, locale: Locale, subject: string, paragraphs: string[]): MailContent {
  return {
    subject: `${subject} – ${ctx.company}`,
    text: `${ctx.company}\n\n${paragraphs.join('\n\n')}\n`,
    html: layout(
      ctx.company,
      paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join(''),
      locale,
    ),
  };
}

/** The manage page's address with the booking's secret in the fragment, which browsers never send. */
export function manageLink(ctx: BookingMailContext, locale: Locale, token: string): string {
  return `${siteLink(ctx.siteUrl, '/book/manage', locale)}#${token}`;
}

/** The event's title in the visitor's calendar. */
export const inviteSummary = (ctx: BookingMailContext, locale: Locale) =>
  mailTranslator(locale)('Call with {company}', { company: ctx.company });

/** The visitor's confirmation: booked (or moved, `moved`), with the manage link. */
export function bookedMail(ctx: BookingMailContext, b: Booked, token: string, moved = false): MailContent {
  const t = mailTranslator(b.locale);
  const facts = { company: ctx.company, when: whenFor(ctx, b), name: b.name };
  return mail(ctx, b.locale, t(moved ? 'Your call is moved' : 'Your call is booked'), [
    t('Hello {name},', facts),
    t(moved ? 'Your call with {company} is now on {when}.' : 'Your call with {company} is booked for {when}.', facts),
    ...(b.topic ? [t('Topic: {topic}', { topic: b.topic })] : []),
    t('The invitation is attached: add it to your calendar.'),
    t('To see, move or cancel the call: {link}', { link: manageLink(ctx, b.locale, token) }),
  ]);
}

/** The reminder a day before. It has no manage link: only the confirmation carries the secret. */
export function reminderMail(ctx: BookingMailContext, b: Booked): MailContent {
  const t = mailTranslator(b.locale);
  const facts = { company: ctx.company, when: whenFor(ctx, b), name: b.name };
  return mail(ctx, b.locale, t('Reminder: your call tomorrow'), [
    t('Hello {name},', facts),
    t('A reminder: your call with {company} is on {when}.', facts),
    t('To move or cancel it, use the link in the confirmation we sent when you booked.'),
  ]);
}

/** The visitor's cancellation, by themselves or by the company (`message`: the company's words). */
export function cancelledMail(ctx: BookingMailContext, b: Booked, message?: string): MailContent {
  const t = mailTranslator(b.locale);
  const facts = { company: ctx.company, when: whenFor(ctx, b), name: b.name };
  return mail(ctx, b.locale, t('Your call is cancelled'), [
    t('Hello {name},', facts),
    t('Your call with {company} on {when} is cancelled.', facts),
    ...(message ? [message] : []),
    t('To book another time: {link}', { link: siteLink(ctx.siteUrl, '/book', b.locale) }),
  ]);
}

export type CompanyNotice = 'booked' | 'moved' | 'cancelled';

const NOTICE: Record<CompanyNotice, string> = {
  booked: 'New call booked',
  moved: 'Call moved',
  cancelled: 'Call cancelled by the visitor',
};

/** The company's notice (CONTACT_NOTIFY_EMAIL), in English, in the agency's zone. */
export function companyNotice(ctx: BookingMailContext, b: Booked, what: CompanyNotice, before?: Date): MailContent {
  const when = callTime(b.start, 'en', ctx.timeZone);
  return mail(ctx, 'en', `${NOTICE[what]}: ${b.name}`, [
    `${NOTICE[what]} through the website.`,
    `When: ${when}${before ? `\nBefore: ${callTime(before, 'en', ctx.timeZone)}` : ''}`,
    `Name: ${b.name}\nE-mail: ${b.email}`,
    ...(b.topic ? [`Topic: ${b.topic}`] : []),
  ]);
}
