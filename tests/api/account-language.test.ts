// The reader's language, over real SMTP: an account takes the language of the page it signed up on (the
// client's Accept-Language), keeps it in users.locale and changes it through PATCH /api/v1/account; its
// code mails and notices are written in it, and so are the replies to enquiries (the account's language,
// or the page's for a sender without one). English mails stay word for word as they were.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { site } from '../../src/lib/site.ts';
import { enquiries, oneTimeCodes, users } from '../../src/server/db/schema.ts';
import * as notices from '../../src/server/mail/account-templates.ts';
import { codeMail, enquiryReply, type MailContent } from '../../src/server/mail/templates.ts';
import { makeAdmin } from '../helpers/admin.ts';
import { type Account, freshIp, startTestApi, type TestApi } from '../helpers/api.ts';
import { codeFor, type OidcProvider, startOidcProvider } from '../helpers/oidc-provider.ts';
import { type CaughtMail, extractCode, type SmtpCatcher, startSmtpCatcher } from '../helpers/smtp-catcher.ts';

const SITE_URL = 'http://localhost:4321';
const DEVANAGARI = /[\u0900-\u097F]/;
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const BAD_LOCALE = 'Language must be one of: en, hi';

let t: TestApi;
let smtp: SmtpCatcher;
let idp: OidcProvider;
let admin: Account;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  idp = await startOidcProvider();
  t = await startTestApi({ SMTP_URL: smtp.url, SITE_URL, ...idp.env });
  admin = await makeAdmin(t, { name: 'Asha Admin' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await idp.close();
});

let counter = 0;
/** Signs up as the site's client does from a page in `language` (its Accept-Language), or with none. */
async function signUpFrom(language?: string): Promise<Account> {
  counter++;
  const email = `reader${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = `Tr0ub4dor&${counter}x`;
  const res = await t.call('POST', '/v1/auth/signup', {
    body: { name: `Reader ${counter}`, email, password },
    ip: freshIp(),
    headers: language ? { 'accept-language': language } : {},
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { token: res.body.token, user: res.body.user, email, password };
}

const storedLocale = async (id: string) =>
  (await t.api.db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]?.locale;

/** The first mail to `email` that arrives after `mark` messages. */
const mailAfter = (email: string, mark: number, match: (m: CaughtMail) => boolean = () => true) =>
  smtp.waitFor((m) => m.to === email && smtp.messages.indexOf(m) >= mark && match(m));

/** Asks for the verification code, as /email-verify does after sign-up, and returns its mail and code. */
async function verificationMail(acc: Account) {
  const mark = smtp.messages.length;
  const res = await t.call('POST', '/v1/auth/verify-otp', { token: acc.token, ip: freshIp() });
  expect(res.status).toBe(200);
  const mail = await mailAfter(acc.email, mark);
  return { mail, code: extractCode(mail.text) };
}

async function verify(acc: Account, otp: string) {
  const res = await t.call('POST', '/v1/auth/verify-account', { token: acc.token, body: { otp }, ip: freshIp() });
  expect(res.status).toBe(200);
}

const setLocale = (acc: Account, locale: unknown) =>
  t.call('PATCH', '/v1/account', { token: acc.token, body: { locale }, ip: freshIp() });

/**
 * Changes the password on a session signed in from Chrome on Windows; every other session ends, so it
 * returns this one's token.
 */
async function changePassword(acc: Account, current: string, next: string): Promise<string> {
  const signIn = await t.call('POST', '/v1/auth/sign-in', {
    body: { email: acc.email, password: current },
    ip: freshIp(),
    headers: { 'user-agent': CHROME_ON_WINDOWS },
  });
  expect(signIn.status).toBe(200);
  const res = await t.call('POST', '/v1/account/password', {
    token: signIn.body.token,
    body: { currentPassword: current, newPassword: next },
    ip: freshIp(),
  });
  expect(res.status).toBe(200);
  await t.api.drainOutbox();
  return signIn.body.token;
}

describe('the language an account is made with', () => {
  it('is Hindi from a Hindi page: stored, shown in the profile, and its code mail is in Hindi with a working code', async () => {
    const acc = await signUpFrom('hi');
    expect(await storedLocale(acc.user._id)).toBe('hi');
    const profile = await t.call('GET', '/v1/account', { token: acc.token });
    expect(profile.body.user.locale).toBe('hi');

    const { mail, code } = await verificationMail(acc);
    expect(mail.subject).toBe(`अपना ई-मेल पता सत्यापित करें – ${site.name}`);
    expect(mail.text).toBe(
      `${site.name}\n\nअपना ई-मेल पता सत्यापित करने के लिए यह कोड डालें:\n\n${code}\n\n` +
        'यह कोड 10 मिनट में समाप्त हो जाएगा। अगर आपने यह कोड नहीं माँगा था, तो इस ई-मेल को अनदेखा कर दें।\n',
    );
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).toMatch(DEVANAGARI);
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.html).toContain(code);
    expect(mail.html).not.toContain('Use this code');
    await verify(acc, code);
  });

  it('reads a browser-style Accept-Language by its first language', async () => {
    expect(await storedLocale((await signUpFrom('hi-IN,hi;q=0.9,en;q=0.8')).user._id)).toBe('hi');
    expect(await storedLocale((await signUpFrom('en-GB,en;q=0.9,hi;q=0.5')).user._id)).toBe('en');
    // A language the site does not have: English.
    expect(await storedLocale((await signUpFrom('fr-FR,fr;q=0.9')).user._id)).toBe('en');
  });

  it('is English without Accept-Language, its code mail word for word as before', async () => {
    const acc = await signUpFrom();
    expect(await storedLocale(acc.user._id)).toBe('en');
    const { mail, code } = await verificationMail(acc);
    expect(mail.subject).toBe(`Verify your e-mail address – ${site.name}`);
    expect(mail.text).toBe(
      `${site.name}\n\nUse this code to verify your e-mail address:\n\n${code}\n\n` +
        'The code expires in 10 minutes. If you did not ask for it, you can ignore this e-mail.\n',
    );
    expect(mail.html).toContain('<!doctype html><html><body');
    expect(mail.html).toContain(
      `<p>Use this code to verify your e-mail address:</p><p style="font-size:32px;letter-spacing:8px;font-weight:700">${code}</p><p>The code expires in 10 minutes. If you did not ask for it, you can ignore this e-mail.</p>`,
    );
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(DEVANAGARI);
  });

  it("is the page's on Google's first sign-in; an existing account linked to Google keeps its own", async () => {
    const google = (claims: Parameters<typeof codeFor>[0]) =>
      t.call('GET', `/v1/auth/google?code=${encodeURIComponent(codeFor(claims))}`, {
        ip: freshIp(),
        headers: { 'accept-language': 'hi' },
      });
    const made = await google({ sub: 'lang-g-1', email: 'meera@example.com', name: 'Meera' });
    expect(made.status).toBe(200);
    expect(await storedLocale(made.body.user._id)).toBe('hi');

    const english = await signUpFrom();
    const { code } = await verificationMail(english);
    await verify(english, code);
    const mark = smtp.messages.length;
    const linked = await google({ sub: 'lang-g-2', email: english.email, name: 'Linked' });
    expect(linked.status).toBe(200);
    expect(await storedLocale(english.user._id)).toBe('en');
    // The answers that start a session say the account's language, which the site lands in.
    expect(made.body.locale).toBe('hi');
    expect(linked.body.locale).toBe('en');
    await t.api.drainOutbox();
    const notice = await mailAfter(english.email, mark);
    expect(notice.subject).toBe(`Google sign-in was linked to your account – ${site.name}`);
  });
});

describe("the account's language in every answer that starts a session", () => {
  it("is the account's, whatever the page signing in says; after a change, the new one", async () => {
    const acc = await signUpFrom('hi');
    const signIn = (language: string) =>
      t.call('POST', '/v1/auth/sign-in', {
        body: { email: acc.email, password: acc.password },
        ip: freshIp(),
        headers: { 'accept-language': language },
      });
    const fromEnglish = await signIn('en');
    expect(fromEnglish.status).toBe(200);
    expect(fromEnglish.body.locale).toBe('hi');
    const changed = await t.call('PATCH', '/v1/account', { token: acc.token, body: { locale: 'en' } });
    expect(changed.status).toBe(200);
    expect((await signIn('hi')).body.locale).toBe('en');
  });
});

describe('PATCH /api/v1/account {locale}', () => {
  it('makes the next code mail and notice Hindi, their links to the Hindi pages; back to English, English again', async () => {
    const acc = await signUpFrom();
    const res = await setLocale(acc, 'hi');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Profile updated', user: { ...acc.user, locale: 'hi' } });
    expect((await t.call('GET', '/v1/account', { token: acc.token })).body.user).toMatchObject({
      name: acc.user.name,
      locale: 'hi',
    });

    const { mail, code } = await verificationMail(acc);
    expect(mail.subject).toBe(`अपना ई-मेल पता सत्यापित करें – ${site.name}`);
    expect(mail.text).toContain(code);
    await verify(acc, code);

    let mark = smtp.messages.length;
    const token = await changePassword(acc, acc.password, `${acc.password}-2`);
    const hindi = await mailAfter(acc.email, mark);
    expect(hindi.subject).toBe(`आपका पासवर्ड बदल दिया गया – ${site.name}`);
    // The date in Hindi's words (Intl, hi-IN), the device's name with Hindi's word order, the link localised.
    expect(hindi.text).toMatch(
      /^\d{1,2} \S+ \d{4}, \d{1,2}:\d\d [ap]m UTC को Windows पर Chrome 130 से आपका पासवर्ड बदला गया।/m,
    );
    expect(hindi.text).toContain(`${SITE_URL}/hi/forgot-password`);
    for (const part of [hindi.subject, hindi.text, hindi.html]) expect(part).toMatch(DEVANAGARI);
    expect(hindi.html).toContain('<html lang="hi">');

    expect((await setLocale({ ...acc, token }, 'en')).body.user.locale).toBe('en');
    mark = smtp.messages.length;
    await changePassword(acc, `${acc.password}-2`, `${acc.password}-3`);
    const english = await mailAfter(acc.email, mark);
    expect(english.subject).toBe(`Your password was changed – ${site.name}`);
    expect(english.text).toMatch(
      /Your password was changed on \d{4}-\d\d-\d\d \d\d:\d\d UTC from Chrome 130 on Windows\. Every other device was signed out\./,
    );
    expect(english.text).toContain(`at ${SITE_URL}/forgot-password and`);
    expect(english.text).not.toMatch(DEVANAGARI);
  });

  it('changes the name and the locale together, and either alone', async () => {
    const acc = await signUpFrom();
    const both = await t.call('PATCH', '/v1/account', { token: acc.token, body: { name: 'Ravi', locale: 'hi' } });
    expect(both.body.user).toMatchObject({ name: 'Ravi', locale: 'hi' });
    const name = await t.call('PATCH', '/v1/account', { token: acc.token, body: { name: 'Ravi Kumar' } });
    expect(name.body.user).toMatchObject({ name: 'Ravi Kumar', locale: 'hi' });
  });

  it('refuses a language the site does not have with 400 and the usual JSON error; the database refuses it too', async () => {
    const acc = await signUpFrom();
    for (const locale of ['fr', 'HI', 'hi-IN', '', 42, null]) {
      const res = await setLocale(acc, locale);
      expect(res.status, String(locale)).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: BAD_LOCALE,
        issues: [{ path: 'locale', message: BAD_LOCALE }],
      });
    }
    const empty = await t.call('PATCH', '/v1/account', { token: acc.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, message: 'Nothing to change: give a name or a locale' });
    expect(await storedLocale(acc.user._id)).toBe('en');

    // The migration's CHECK: no writer can store a language the mails have no words for.
    const write = t.api.db
      .update(users)
      .set({ locale: 'fr' as 'en' })
      .where(eq(users.id, acc.user._id));
    const failure = await write.then(
      () => undefined,
      (err: unknown) => err as Error & { cause?: Error },
    );
    expect(String(failure?.cause?.message ?? failure?.message)).toContain('users_locale_check');
    expect(await storedLocale(acc.user._id)).toBe('en');
  });
});

describe('replies to enquiries', () => {
  /** Sends an enquiry as the contact page in `language` does (with a session's token when given). */
  async function enquire(language: string | undefined, opts: { token?: string; name?: string } = {}) {
    const tag = Math.random().toString(36).slice(2, 8);
    const fields = {
      name: opts.name ?? `Client ${tag}`,
      email: `client-${tag}@example.com`,
      phoneNumber: '+91 90000 00000',
      message: `Please quote for a website (${tag}).`,
    };
    const res = await t.call('POST', '/form/contact', {
      body: fields,
      token: opts.token,
      ip: freshIp(),
      headers: language ? { 'accept-language': language } : {},
    });
    expect(res.status).toBe(201);
    const [row] = await t.api.db.select().from(enquiries).where(eq(enquiries.email, fields.email));
    return row!;
  }

  async function reply(id: string, email: string, message: string) {
    const mark = smtp.messages.length;
    const res = await t.call('POST', `/v1/admin/contact/${id}/reply`, { token: admin.token, body: { message } });
    expect(res.status).toBe(201);
    await t.api.drainOutbox();
    return mailAfter(email, mark);
  }

  it('to a sender without an account, in the language of the page they wrote from', async () => {
    const hindi = await enquire('hi', { name: 'Ravi' });
    expect(hindi.locale).toBe('hi');
    const mail = await reply(hindi.id, hindi.email, 'जी हाँ, हम यह बना सकते हैं।');
    expect(mail.subject).toBe(`Re: आपकी पूछताछ – ${site.name}`);
    expect(mail.text.startsWith('नमस्ते Ravi,\n\nजी हाँ, हम यह बना सकते हैं।\n\nAsha Admin\n')).toBe(true);
    expect(mail.text).toMatch(/\n\d{1,2} \S+ \d{4}, \d{1,2}:\d\d [ap]m UTC को आपने लिखा:\n> Please quote/);
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.html).toContain('<p>नमस्ते Ravi,</p>');
    expect(mail.html).toContain('को आपने लिखा:');

    // A reply that opens with a Hindi greeting gets none of the template's.
    const again = await reply(hindi.id, hindi.email, 'नमस्ते रवि जी,\n\nकल बात करें?');
    expect(again.text.startsWith('नमस्ते रवि जी,\n\nकल बात करें?')).toBe(true);
    expect(again.text.match(/नमस्ते/g)).toHaveLength(1);

    const english = await enquire(undefined, { name: 'Ravi' });
    expect(english.locale).toBe('en');
    const plain = await reply(english.id, english.email, 'Yes, we can.');
    expect(plain.subject).toBe(`Re: your enquiry – ${site.name}`);
    expect(plain.text).toBe(
      `Hello Ravi,\n\nYes, we can.\n\nAsha Admin\n${site.name}\n\nOn ${english.createdAt.toUTCString()} you wrote:\n> ${english.message}\n`,
    );
  });

  it("to an account's enquiry, in the account's language whatever the page's", async () => {
    const hindiAccount = await signUpFrom();
    await setLocale(hindiAccount, 'hi');
    const fromEnglishPage = await enquire('en', { token: hindiAccount.token });
    expect(fromEnglishPage.userId).toBe(hindiAccount.user._id);
    expect((await reply(fromEnglishPage.id, fromEnglishPage.email, 'Yes.')).subject).toBe(
      `Re: आपकी पूछताछ – ${site.name}`,
    );

    const englishAccount = await signUpFrom('en');
    const fromHindiPage = await enquire('hi', { token: englishAccount.token });
    expect(fromHindiPage.locale).toBe('hi');
    expect((await reply(fromHindiPage.id, fromHindiPage.email, 'Yes.')).subject).toBe(
      `Re: your enquiry – ${site.name}`,
    );
  });
});

describe('the Hindi catalog', () => {
  /** The paragraphs of a mail's text that read the same in both languages (a sentence left untranslated). */
  const untranslated = (en: MailContent, hi: MailContent) => {
    const english = new Set(en.text.split('\n\n'));
    return [hi.subject === en.subject ? hi.subject : '', ...hi.text.split('\n\n').filter((p) => english.has(p))].filter(
      (p) => p !== '' && p !== COMPANY && !/^\d{6}$/.test(p),
    );
  };
  const COMPANY = 'Acme';
  const ctx = (locale: 'en' | 'hi') => ({
    company: COMPANY,
    siteUrl: SITE_URL,
    when: new Date('2026-01-02T03:04:05Z'),
    device: 'Chrome 130',
    locale,
  });

  it('has every sentence of every code mail, notice and reply', () => {
    for (const purpose of oneTimeCodes.purpose.enumValues) {
      expect(
        untranslated(codeMail(COMPANY, purpose, '123456', 10), codeMail(COMPANY, purpose, '123456', 10, 'hi')),
        purpose,
      ).toEqual([]);
    }
    const made = [
      notices.passwordChangedMail,
      notices.passwordSetMail,
      notices.passwordResetMail,
      notices.accountDeletedMail,
      (c: ReturnType<typeof ctx>) => notices.passkeyAddedMail(c, 'Phone'),
      notices.twoFactorOnMail,
      notices.twoFactorOffMail,
      notices.googleLinkedMail,
    ];
    for (const mail of made) expect(untranslated(mail(ctx('en')), mail(ctx('hi')))).toEqual([]);
    const fields = { name: 'Ravi', original: 'Hi', sentAt: new Date(), reply: 'Yes.', author: 'Asha' };
    const reply = enquiryReply(COMPANY, fields, 'hi');
    // What stays is what the admin typed: the answer and its signature.
    expect(untranslated(enquiryReply(COMPANY, fields), reply)).toEqual(['Yes.', `Asha\n${COMPANY}`]);
  });
});
