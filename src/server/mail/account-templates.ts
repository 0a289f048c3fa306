// The notices about the account itself: how one signs in changed (password, passkey, two-factor, Google),
// or it was deleted. Each goes to the address the account had, so that its owner hears of a change they
// did not make. Each is written in the account's language (ctx.locale), its links to that language's pages.
import type { Locale } from '../../i18n/locales.ts';
import type { Translate } from '../../i18n/translate.ts';
import { mailTime, mailTranslator, siteLink } from './language.ts';
import { escapeHtml, layout, type MailContent } from './templates.ts';

export interface NoticeContext {
  company: string;
  /** The site's address, for the link to the password reset. */
  siteUrl: string;
  when: Date;
  /** Browser and operating system the change was made from, named in the account's language. */
  device: string;
  /** The account's language (users.locale). */
  locale: Locale;
}

const stamp = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What every notice's sentences need: the translator, and the blanks they share. */
function wording(ctx: NoticeContext) {
  const t = mailTranslator(ctx.locale);
  const facts = { when: mailTime(ctx.when, ctx.locale, stamp), device: ctx.device };
  const link = (path: string) => siteLink(ctx.siteUrl, path, ctx.locale);
  return { t, facts, link };
}

function notice(ctx: NoticeContext, t: Translate, subject: string, paragraphs: string[]): MailContent {
  return {
    subject: `${t(subject)} – ${ctx.company}`,
    text: `${ctx.company}\n\n${paragraphs.join('\n\n')}\n`,
    html: layout(ctx.company, paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''), ctx.locale),
  };
}

export function passwordChangedMail(ctx: NoticeContext): MailContent {
  const { t, facts, link } = wording(ctx);
  return notice(ctx, t, 'Your password was changed', [
    t('Your password was changed on {when} from {device}. Every other device was signed out.', facts),
    t('If this was not you, reset your password now at {link} and check the devices signed in to your account.', {
      link: link('/forgot-password'),
    }),
  ]);
}

export function passwordSetMail(ctx: NoticeContext): MailContent {
  const { t, facts, link } = wording(ctx);
  return notice(ctx, t, 'A password was set for your account', [
    t(
      'A password was set for your account on {when} from {device}. You can now sign in with your e-mail address and this password, as well as with Google. Every other device was signed out.',
      facts,
    ),
    t('If this was not you, reset your password now at {link}.', { link: link('/forgot-password') }),
  ]);
}

export function accountDeletedMail(ctx: NoticeContext): MailContent {
  const { t, facts } = wording(ctx);
  return notice(ctx, t, 'Your account was deleted', [
    t(
      'Your account was deleted on {when} from {device}, as you asked. Your profile, devices and sign-in methods are gone.',
      facts,
    ),
    t(
      'Enquiries you sent us through the contact form stay with us, no longer linked to an account, so that we can still answer them; to have them erased too, contact us.',
    ),
  ]);
}

export function passkeyAddedMail(ctx: NoticeContext, name: string): MailContent {
  const { t, facts, link } = wording(ctx);
  return notice(ctx, t, 'A passkey was added to your account', [
    t(
      'A passkey named “{name}” was added to your account on {when} from {device}. It can sign in to your account without a password. Every other device was signed out.',
      { ...facts, name },
    ),
    t('If this was not you, remove it at {link}, change your password and sign out the devices you do not know.', {
      link: link('/account'),
    }),
  ]);
}

export function twoFactorOffMail(ctx: NoticeContext): MailContent {
  const { t, facts, link } = wording(ctx);
  return notice(ctx, t, 'Two-factor authentication was turned off', [
    t(
      'Two-factor authentication was turned off for your account on {when} from {device}. Signing in now needs only your password.',
      facts,
    ),
    t(
      'If this was not you, change your password now, turn two-factor authentication on again at {link} and sign out the devices you do not know.',
      { link: link('/account') },
    ),
  ]);
}

export function twoFactorOnMail(ctx: NoticeContext): MailContent {
  const { t, facts, link } = wording(ctx);
  return notice(ctx, t, 'Two-factor authentication was turned on', [
    t(
      'Two-factor authentication was turned on for your account on {when} from {device}. Signing in with your password now also asks for a code from the authenticator app that was set up. Every other device was signed out.',
      facts,
    ),
    t('If this was not you, reset your password now and check the sign-in methods at {link}.', {
      link: link('/account'),
    }),
  ]);
}

export function passwordResetMail(ctx: NoticeContext): MailContent {
  const { t, facts, link } = wording(ctx);
  return notice(ctx, t, 'Your password was reset', [
    t(
      'Your password was reset with a code mailed to this address on {when} from {device}. Every device was signed out.',
      facts,
    ),
    t(
      'If this was not you, someone can read your e-mail: secure your mailbox, then reset your password again at {link}.',
      { link: link('/forgot-password') },
    ),
  ]);
}

export function googleLinkedMail(ctx: NoticeContext): MailContent {
  const { t, facts, link } = wording(ctx);
  return notice(ctx, t, 'Google sign-in was linked to your account', [
    t(
      'A Google account with this address was linked to your account on {when} from {device}. It can now sign in to your account.',
      facts,
    ),
    t(
      'If this was not you, check the devices signed in at {link}, change your password and secure the Google account that uses this address.',
      { link: link('/account') },
    ),
  ]);
}
