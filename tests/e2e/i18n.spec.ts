// The site in two languages, as a visitor and a search engine meet it: every public page in English and
// in Hindi answers with its language, its versions in both languages link to each other, a Hindi page's
// main text is Hindi, the switch leads to the same page in the other language and back, and the forms
// of the contact page, sign-up, sign-in and the e-mail code speak Hindi on Hindi pages, down to the mail.
import type { APIRequestContext } from '@playwright/test';
import { localePath, withoutLocale } from '../../src/i18n/locales.ts';
import { ACCOUNT_LANGUAGE } from '../../src/i18n/hi/account-language.ts';
import { MAIL } from '../../src/i18n/hi/mail.ts';
import { SITE } from '../../src/i18n/hi/site.ts';
import { UI } from '../../src/i18n/hi/ui.ts';
import { createAccount, signInAs, uniqueEmail, useToken } from './fixtures/accounts.ts';
import { expect, hydrated, mailedCode, test } from './fixtures/test.ts';
import { waitForMailInDir } from '../helpers/smtp-catcher.ts';

/** The Hindi of an island's English text, as the islands' catalogs give it (never the English itself). */
const hi = (english: string) => {
  const text = SITE[english] ?? UI[english];
  if (!text) throw new Error(`No Hindi for "${english}" in src/i18n/hi/`);
  return text;
};

const ACCOUNT_SCREENS = ['/login', '/Signup', '/forgot-password', '/email-verify', '/userdashboard', '/account'];

/** Every public page's English address: the sitemap's pages and the account screens. */
async function englishPages(request: APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return [...new Set([...listed.map(withoutLocale), ...ACCOUNT_SCREENS])].sort();
}

/** A path as its page names itself (the built pages end in a slash). */
function bare(path: string): string {
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

const LETTER = /\p{L}/gu;
const DEVANAGARI = /\p{Script=Devanagari}/gu;

/** The text a reader reads in a page's <main>: no scripts, templates, code blocks or hidden labels of icons. */
function mainText(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  return main
    .replace(/<(script|style|template|pre|code|svg)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Alternates of a page: hreflang -> path. */
const alternatesOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [
      m[1]!,
      bare(new URL(m[2]!).pathname),
    ]),
  );

test('every public page answers in both languages with its lang, alternates that point at each other, and Hindi main text', async ({
  request,
}) => {
  test.slow();
  const pages = await englishPages(request);
  expect(pages.length).toBeGreaterThan(20);
  for (const english of pages) {
    const hindi = localePath(english, 'hi');
    const [en, hiPage] = await Promise.all([request.get(english), request.get(hindi)]);
    expect(en.status(), english).toBe(200);
    expect(hiPage.status(), hindi).toBe(200);
    const [enHtml, hiHtml] = await Promise.all([en.text(), hiPage.text()]);
    expect(enHtml, english).toContain('<html lang="en"');
    expect(hiHtml, hindi).toContain('<html lang="hi"');

    const untranslated = hiHtml.includes('data-untranslated');
    const enAlternates = alternatesOf(enHtml);
    const hiAlternates = alternatesOf(hiHtml);
    if (untranslated) {
      // Shown in English under a notice: no alternates either way, and the English page is canonical.
      expect(hiAlternates, hindi).toEqual({});
      expect(enAlternates.hi, english).toBeUndefined();
      continue;
    }
    if (Object.keys(enAlternates).length > 0) {
      const expected = { en: bare(english), hi: bare(hindi), 'x-default': bare(english) };
      expect(enAlternates, english).toEqual(expected);
      expect(hiAlternates, hindi).toEqual(expected);
    }

    const text = mainText(hiHtml);
    if (!text) continue; // drawn in the browser (the signed-in screens): judged by the journeys below
    const letters = text.match(LETTER)?.length ?? 0;
    const devanagari = text.match(DEVANAGARI)?.length ?? 0;
    expect(devanagari / letters, `Devanagari share of ${hindi}'s main text`).toBeGreaterThan(0.75);
    // No English sentence: five Latin words in a row (names are shorter runs).
    // No English sentence: five Latin words in a row, the later ones in lower case (a list of names,
    // such as the networks a policy names, is capitalised).
    expect(text.match(/\b[A-Za-z][a-z']*(?:[ ,]+[a-z][a-z']*){4,}/g) ?? [], `English in ${hindi}`).toEqual([]);
  }
});

test('an unknown address under /hi/ answers 404 with the Hindi not-found page', async ({ request }) => {
  for (const path of ['/hi/no-such-page', '/hi/service-details/Nope']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    const html = await res.text();
    expect(html, path).toContain('<html lang="hi"');
    expect(judge(mainText(html)).devanagari, path).toBeGreaterThan(0.75);
  }
});

/** The share of Devanagari among a text's letters, and its runs of English words (see the test above). */
function judge(text: string) {
  const letters = text.match(LETTER)?.length ?? 0;
  return {
    devanagari: (text.match(DEVANAGARI)?.length ?? 0) / letters,
    english: text.match(/\b[A-Za-z][a-z']*(?:[ ,]+[a-z][a-z']*){4,}/g) ?? [],
  };
}

test('the signed-in screens, drawn in the browser, are Hindi on their Hindi pages', async ({ page, baseURL }) => {
  const account = await createAccount(baseURL!, 'hindi-screens');
  await useToken(page, await signInAs(baseURL!, account.email, account.password));
  for (const [path, ready] of [
    ['/hi/userdashboard', page.getByRole('heading', { level: 1 })],
    ['/hi/account', page.locator('#delete-account button')],
  ] as const) {
    await page.goto(path);
    await expect(ready.first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { devanagari, english } = judge((await page.locator('main').textContent()) ?? '');
    expect(devanagari, `Devanagari share of ${path}`).toBeGreaterThan(0.75);
    expect(english, `English in ${path}`).toEqual([]);
  }
});

test('/account: choosing Hindi saves it and moves to the Hindi settings, which say so in Hindi', async ({
  page,
  baseURL,
}) => {
  const account = await createAccount(baseURL!, 'language-panel');
  await useToken(page, await signInAs(baseURL!, account.email, account.password));
  await page.goto('/account');
  const select = page.getByRole('combobox', { name: 'Language' });
  await expect(select).toBeEnabled();
  await expect(select).toHaveValue('en');
  await select.selectOption('hi');
  await page.getByRole('button', { name: 'Save language' }).click();
  await expect(page).toHaveURL(/\/hi\/account\/?#language$/);
  await expect(page.getByText(ACCOUNT_LANGUAGE['Language saved']!)).toBeVisible();
  // Stored: the Hindi page's panel reads it back from the API.
  await expect(page.locator('#account-language')).toHaveValue('hi');
});

test('the language switch leads to the same page in the other language and back, and is remembered', async ({
  page,
}) => {
  await page.goto('/projects');
  await hydrated(page);
  await page.locator('footer').getByRole('link', { name: 'हिन्दी' }).click();
  await expect(page).toHaveURL(/\/hi\/projects\/?$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.locator('footer').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/projects\/?$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The last choice was English: a visit to a Hindi page suggests English.
  await page.goto('/hi/contact');
  await expect(page.locator('footer [data-language="en"]')).toHaveAttribute('data-suggested', '');
});

test('the contact form speaks Hindi on the Hindi contact page', async ({ page }) => {
  await page.goto('/hi/contact');
  await hydrated(page);
  const form = page.getByRole('form', { name: hi('Contact form') });
  await form.getByLabel(hi('Name'), { exact: true }).fill('हिन्दी आगंतुक');
  await form.getByLabel(hi('Email'), { exact: true }).fill(uniqueEmail('contact-hi'));
  await form.getByLabel(hi('Phone number')).fill('+91 98765 43210');
  await form.getByLabel(hi('Message'), { exact: true }).fill('नमस्ते, हमें एक वेबसाइट चाहिए।');
  // The check question, in Hindi, with its two numbers.
  const label = form.locator('label[for="contact-bot"]');
  const question = form.locator('#contact-bot');
  await expect(label).toHaveText(/^\d+ \+ \d+ \p{Script=Devanagari}/u);
  await question.fill('999');
  await form.getByRole('button', { name: hi('Send Message') }).click();
  await expect(page.getByText(hi('Incorrect answer to bot protection question. Please try again.'))).toBeVisible();
  await expect(question).toHaveValue('');
  const [x, y] = ((await label.textContent()) ?? '').match(/\d+/g)!.map(Number);
  await question.fill(String(x! + y!));
  await form.getByRole('button', { name: hi('Send Message') }).click();
  await expect(page.getByText(hi('Message sent successfully!'))).toBeVisible();
  await expect(page.getByText(hi('Message Sent!'))).toBeVisible();
});

test('sign-up from a Hindi page: Hindi messages, and the code mail in Hindi', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('hindi');
  await page.goto('/hi/Signup');
  await hydrated(page);
  await page.getByLabel(hi('Full name')).fill('J');
  await page.getByLabel(hi('Email')).fill('not-an-email');
  await page.getByLabel(hi('Password')).fill('123');
  await page.getByRole('button', { name: hi('Create account') }).click();
  await expect(page.getByText(hi('Name must be at least 2 characters'))).toBeVisible();
  await expect(page.getByText(hi('Password must be at least 6 characters'))).toBeVisible();

  await page.getByLabel(hi('Full name')).fill('हिन्दी पाठक');
  await page.getByLabel(hi('Email')).fill(email);
  await page.getByLabel(hi('Password')).fill('Hindi-Pass-77');
  const asked = Date.now();
  await page.getByRole('button', { name: hi('Create account') }).click();
  await expect(page).toHaveURL(/\/hi\/userdashboard$/);

  // The code screen, in Hindi, and the mail that carries its code.
  await page.getByText(hi('Verify Account'), { exact: true }).first().click();
  await expect(page).toHaveURL(/\/hi\/email-verify$/);
  await expect(
    page.getByLabel(hi('Digit {index} of {count}').replace('{index}', '1').replace('{count}', '6')),
  ).toBeVisible();
  const subject = MAIL['Verify your e-mail address'];
  expect(subject).toMatch(DEVANAGARI);
  const code = await mailedCode(email, new RegExp(subject!), asked - 1000);
  const dir = process.env.E2E_MAIL_DIR!;
  const mail = await waitForMailInDir(dir, (m) => m.to.includes(email) && m.text.includes(code), 30_000);
  expect(mail.text.match(DEVANAGARI)?.length ?? 0).toBeGreaterThan(20);

  // The code typed into the Hindi boxes verifies the address, and the page says so in Hindi.
  await page.getByLabel(hi('Digit {index} of {count}').replace('{index}', '1').replace('{count}', '6')).focus();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: hi('verify Email') }).click();
  await expect(page).toHaveURL(/\/hi\/userdashboard$/);
  await expect(page.getByText(hi('Email verified successfully'))).toBeVisible();
});

test('sign-in on the Hindi page answers a wrong password in Hindi', async ({ page }) => {
  await page.goto('/hi/login');
  await hydrated(page);
  await page.getByLabel(hi('Email')).fill(uniqueEmail('nobody'));
  await page.getByLabel(hi('Password')).fill('Wrong-Pass-11');
  await page.getByRole('button', { name: hi('Sign in'), exact: true }).click();
  await expect(page.getByRole('alert').or(page.locator('[data-sonner-toast]')).first()).toHaveText(DEVANAGARI);
});
