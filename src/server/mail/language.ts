// The reader's language in a mail: its words (the catalog of src/i18n/hi/mail.ts), its dates and its
// links to the site's pages. A mail is written in the language of the account it goes to (users.locale),
// or, to someone without an account, in the language of the page they wrote from (enquiries.locale).
import { MAIL } from '../../i18n/hi/mail.ts';
import { DEFAULT_LOCALE, LANGUAGES, type Locale, localePath } from '../../i18n/locales.ts';
import { type Translate, translator } from '../../i18n/translate.ts';

// Each language's mail catalog. Listed here, not found by folder as the pages' and islands' are: the
// server is bundled by esbuild, which has no glob import. A new language adds its line.
const MAILS = { hi: MAIL };

/** The mails' words in `locale`; English is the key, so an English mail reads as it always has. */
export const mailTranslator = (locale: Locale): Translate => translator(locale, MAILS);

/**
 * A moment in a mail, in UTC (the server does not know the reader's zone). English keeps the form its
 * mails have always had (`english`); another language has Intl's words for its own tag. The day and the
 * time are formatted apart ("2 जनवरी 2026, 3:04 pm UTC"): Intl's joined form brings its own words around
 * them ("… को 3:04 pm बजे"), which the catalog's sentences already say.
 */
export function mailTime(when: Date, locale: Locale, english: (when: Date) => string): string {
  if (locale === DEFAULT_LOCALE) return english(when);
  const tag = LANGUAGES[locale].intl;
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(when);
  const time = new Intl.DateTimeFormat(tag, { timeStyle: 'short', timeZone: 'UTC' }).format(when);
  return `${day}, ${time} UTC`;
}

/** A page of the site as a full address, in the reader's language: /forgot-password or /hi/forgot-password. */
export const siteLink = (siteUrl: string, path: string, locale: Locale): string =>
  new URL(localePath(path, locale), siteUrl).href;
