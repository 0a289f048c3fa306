// Plain-text and HTML versions of every mail the API sends, in the reader's language (language.ts).
import type { CodePurpose } from '../db/schema.ts';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locales.ts';
import { type ReplyWording, replyGreeting, replyText } from '../../lib/reply-mail.ts';
import { mailTime, mailTranslator } from './language.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** `locale`: the HTML names its language (for a screen reader's voice), except English's, kept as it was. */
export function layout(company: string, bodyHtml: string, locale: Locale = DEFAULT_LOCALE): string {
  const lang = locale === DEFAULT_LOCALE ? '' : ` lang="${locale}"`;
  return `<!doctype html><html${lang}><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(company)}</h1>
${bodyHtml}
<p style="color:#666;font-size:12px;margin-top:32px">${escapeHtml(company)}</p>
</body></html>`;
}

const CODE_WORDING: Record<CodePurpose, { subject: string; intro: string }> = {
  'verify-email': { subject: 'Verify your e-mail address', intro: 'Use this code to verify your e-mail address:' },
  'reset-password': { subject: 'Reset your password', intro: 'Use this code to reset your password:' },
  'set-password': { subject: 'Set a password', intro: 'Use this code to set a password for your account:' },
  'add-factor': {
    subject: 'Confirm adding a sign-in method',
    intro: 'Use this code to confirm adding a passkey or an authenticator app to your account:',
  },
  'delete-account': {
    subject: 'Confirm deleting your account',
    intro: 'Use this code to confirm that you want to delete your account. Deleting it cannot be undone:',
  },
};

export function codeMail(
  company: string,
  purpose: CodePurpose,
  code: string,
  minutes: number,
  locale: Locale = DEFAULT_LOCALE,
): MailContent {
  const t = mailTranslator(locale);
  const subject = t(CODE_WORDING[purpose].subject);
  const intro = t(CODE_WORDING[purpose].intro);
  const outro = t('The code expires in {minutes} minutes. If you did not ask for it, you can ignore this e-mail.', {
    minutes,
  });
  return {
    subject: `${subject} – ${company}`,
    text: `${company}\n\n${intro}\n\n${code}\n\n${outro}\n`,
    html: layout(
      company,
      `<p>${intro}</p><p style="font-size:32px;letter-spacing:8px;font-weight:700">${code}</p><p>${outro}</p>`,
      locale,
    ),
  };
}

export interface EnquiryFields {
  name: string;
  email: string;
  phoneNumber: string;
  message: string;
}

export function enquiryNotification(company: string, e: EnquiryFields): MailContent {
  const fields: Array<[string, string]> = [
    ['Name', e.name],
    ['E-mail', e.email],
    ['Phone', e.phoneNumber],
  ];
  return {
    subject: `New enquiry from ${e.name} – ${company}`,
    text: `A new enquiry arrived through the website of ${company}.\n\n${fields
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n')}\n\n${e.message}\n`,
    html: layout(
      company,
      `<p>A new enquiry arrived through the website.</p><table>${fields
        .map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`)
        .join('')}</table><p style="white-space:pre-wrap">${escapeHtml(e.message)}</p>`,
    ),
  };
}

export interface ReplyFields {
  /** The enquirer's name, their message and when they sent it. */
  name: string;
  original: string;
  sentAt: Date;
  /** The admin's answer and their name. */
  reply: string;
  author: string;
}

/**
 * An admin's answer to an enquiry, signed with the company's name and quoting the enquiry, in `locale`:
 * the enquirer's account's language, or the one of the page they wrote from.
 */
export function enquiryReply(company: string, r: ReplyFields, locale: Locale = DEFAULT_LOCALE): MailContent {
  const wording: ReplyWording = {
    t: mailTranslator(locale),
    time: (d) => mailTime(d, locale, (english) => english.toUTCString()),
  };
  const wrote = wording.t('On {date} you wrote:', { date: wording.time(r.sentAt) });
  const greeting = replyGreeting(r, wording);
  return {
    subject: `${wording.t('Re: your enquiry')} – ${company}`,
    text: replyText({ ...r, company }, wording),
    html: layout(
      company,
      `${greeting ? `<p>${escapeHtml(greeting)}</p>` : ''}<p style="white-space:pre-wrap">${escapeHtml(r.reply)}</p><p>${escapeHtml(r.author)}<br>${escapeHtml(
        company,
      )}</p><p style="color:#666">${escapeHtml(wrote)}</p><blockquote style="white-space:pre-wrap;color:#444;border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(
        r.original,
      )}</blockquote>`,
      locale,
    ),
  };
}
