// The notices about the account itself: how one signs in changed (password, passkey, two-factor, Google),
// or it was deleted. Each goes to the address the account had, so that its owner hears of a change they
// did not make.
import { escapeHtml, layout, type MailContent } from './templates.ts';

export interface NoticeContext {
  company: string;
  /** The site's address, for the link to the password reset. */
  siteUrl: string;
  when: Date;
  /** Browser and operating system the change was made from. */
  device: string;
}

const stamp = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function notice(ctx: NoticeContext, subject: string, paragraphs: string[]): MailContent {
  return {
    subject: `${subject} – ${ctx.company}`,
    text: `${ctx.company}\n\n${paragraphs.join('\n\n')}\n`,
    html: layout(ctx.company, paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')),
  };
}

export function passwordChangedMail(ctx: NoticeContext): MailContent {
  const reset = new URL('/forgot-password', ctx.siteUrl).href;
  return notice(ctx, 'Your password was changed', [
    `Your password was changed on ${stamp(ctx.when)} from ${ctx.device}. Every other device was signed out.`,
    `If this was not you, reset your password now at ${reset} and check the devices signed in to your account.`,
  ]);
}

export function passwordSetMail(ctx: NoticeContext): MailContent {
  const reset = new URL('/forgot-password', ctx.siteUrl).href;
  return notice(ctx, 'A password was set for your account', [
    `A password was set for your account on ${stamp(ctx.when)} from ${ctx.device}. You can now sign in with your e-mail address and this password, as well as with Google. Every other device was signed out.`,
    `If this was not you, reset your password now at ${reset}.`,
  ]);
}

export function accountDeletedMail(ctx: NoticeContext): MailContent {
  return notice(ctx, 'Your account was deleted', [
    `Your account was deleted on ${stamp(ctx.when)} from ${ctx.device}, as you asked. Your profile, devices and sign-in methods are gone.`,
    `Enquiries you sent us through the contact form stay with us, no longer linked to an account, so that we can still answer them; to have them erased too, contact us.`,
  ]);
}

export function passkeyAddedMail(ctx: NoticeContext, name: string): MailContent {
  const account = new URL('/account', ctx.siteUrl).href;
  return notice(ctx, 'A passkey was added to your account', [
    `A passkey named “${name}” was added to your account on ${stamp(ctx.when)} from ${ctx.device}. It can sign in to your account without a password.`,
    `If this was not you, remove it at ${account}, change your password and sign out the devices you do not know.`,
  ]);
}

export function twoFactorOffMail(ctx: NoticeContext): MailContent {
  const account = new URL('/account', ctx.siteUrl).href;
  return notice(ctx, 'Two-factor authentication was turned off', [
    `Two-factor authentication was turned off for your account on ${stamp(ctx.when)} from ${ctx.device}. Signing in now needs only your password.`,
    `If this was not you, change your password now, turn two-factor authentication on again at ${account} and sign out the devices you do not know.`,
  ]);
}

export function twoFactorOnMail(ctx: NoticeContext): MailContent {
  const account = new URL('/account', ctx.siteUrl).href;
  return notice(ctx, 'Two-factor authentication was turned on', [
    `Two-factor authentication was turned on for your account on ${stamp(ctx.when)} from ${ctx.device}. Signing in with your password now also asks for a code from the authenticator app that was set up.`,
    `If this was not you, reset your password now and check the sign-in methods at ${account}.`,
  ]);
}

export function passwordResetMail(ctx: NoticeContext): MailContent {
  const reset = new URL('/forgot-password', ctx.siteUrl).href;
  return notice(ctx, 'Your password was reset', [
    `Your password was reset with a code mailed to this address on ${stamp(ctx.when)} from ${ctx.device}. Every device was signed out.`,
    `If this was not you, someone can read your e-mail: secure your mailbox, then reset your password again at ${reset}.`,
  ]);
}

export function googleLinkedMail(ctx: NoticeContext): MailContent {
  const account = new URL('/account', ctx.siteUrl).href;
  return notice(ctx, 'Google sign-in was linked to your account', [
    `A Google account with this address was linked to your account on ${stamp(ctx.when)} from ${ctx.device}. It can now sign in to your account.`,
    `If this was not you, check the devices signed in at ${account}, change your password and secure the Google account that uses this address.`,
  ]);
}
