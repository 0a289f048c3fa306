// Every Hindi catalog (src/i18n/hi/*.ts, each export an English text -> Hindi map) holds translations a
// reader can use: no empty text, Hindi written in Devanagari rather than left in English or transliterated
// into Latin letters, and the same `{name}` blanks as the English key, so that no value goes missing when
// the text is filled. A catalog added to the folder is checked without being named here. The site, sign-in
// and shared islands find a translation for every text they translate: the ones they pass to t() as they
// are written, the ones they keep in constants, and the words of the forms' checks.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE } from '../../src/i18n/hi/site.ts';
import { UI } from '../../src/i18n/hi/ui.ts';
import type { Catalog } from '../../src/i18n/translate.ts';
import { resetPasswordBody, signInBody, signupBody } from '../../src/lib/schemas/auth.ts';
import { contactBody } from '../../src/lib/schemas/contact.ts';
import { twoFactorSignInBody } from '../../src/lib/schemas/two-factor.ts';

const modules = import.meta.glob<Record<string, unknown>>('../../src/i18n/hi/*.ts', { eager: true });

const catalogs: [string, Catalog][] = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => typeof value === 'object' && value !== null)
    .map(([name, value]): [string, Catalog] => [`${file.split('/').pop()} ${name}`, value as Catalog]),
);

const blanks = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Letters outside the blanks: Devanagari ones (U+0900-U+097F) and Latin ones. */
function letters(text: string) {
  const bare = text.replace(/\{\w+\}/g, '');
  return {
    devanagari: bare.match(/[\u0900-\u097F]/g)?.length ?? 0,
    latin: bare.match(/[A-Za-z]/g)?.length ?? 0,
  };
}

describe('the Hindi catalogs', () => {
  it('are found, the islands’ among them', () => {
    const names = catalogs.map(([name]) => name);
    expect(names).toContain('ui.ts UI');
    expect(names).toContain('site.ts SITE');
  });

  describe.each(catalogs)('%s', (_name, catalog) => {
    const entries = Object.entries(catalog);

    it('has texts, each translated (never empty)', () => {
      expect(entries.length).toBeGreaterThan(0);
      for (const [english, hindi] of entries) expect(hindi.trim(), english).not.toBe('');
    });

    it('writes Hindi mostly in Devanagari (names such as Google may stay in Latin letters)', () => {
      for (const [english, hindi] of entries) {
        const { devanagari, latin } = letters(hindi);
        expect(devanagari, `${english} -> ${hindi}`).toBeGreaterThan(latin);
      }
    });

    it('keeps the blanks of its English text', () => {
      for (const [english, hindi] of entries) expect(blanks(hindi), `${english} -> ${hindi}`).toEqual(blanks(english));
    });
  });
});

/**
 * Every string literal passed as t()'s first argument in these islands, also as the fallback of an API
 * answer's message: t(res.message || 'Signed in').
 */
function keysIn(folders: string[]): string[] {
  const keys = new Set<string>();
  for (const folder of folders) {
    for (const file of readdirSync(folder)) {
      if (!/\.tsx?$/.test(file)) continue;
      const source = readFileSync(join(folder, file), 'utf8');
      const literals = /\bt\(\s*(?:[\w.]+\s*(?:\?\?|\|\|)\s*)?'((?:[^'\\]|\\.)*)'/g;
      for (const m of source.matchAll(literals)) keys.add(m[1]!.replace(/\\'/g, "'"));
    }
  }
  return [...keys];
}

describe('the site, sign-in and shared islands in Hindi', () => {
  const catalog: Catalog = { ...UI, ...SITE };
  const missing = (texts: string[]) => texts.filter((text) => !(text in catalog));

  it('translate every text they pass to t()', () => {
    const keys = keysIn(['src/islands/site', 'src/islands/auth', 'src/islands/ui']);
    expect(keys.length).toBeGreaterThan(90);
    expect(missing(keys)).toEqual([]);
  });

  it('translate the texts they keep in constants and translate where shown', () => {
    expect(
      missing([
        // The contact form's fields, the cookie banner's categories and choices, the theme switch's choices
        'Name',
        'Your name',
        'Email',
        'Phone number',
        'Essential',
        'Analytics',
        'Marketing',
        'Reject All',
        'Essential Only',
        'Accept All',
        'System',
        'Light',
        'Dark',
        // The reset's steps, the guard's and Google's messages
        'Forgot your password?',
        'Enter the e-mail address of your account and we will send you a {count}-digit code.',
        'Enter the code',
        'Type the {count}-digit code we sent to your e-mail.',
        'Choose a new password',
        'Use at least {count} characters.',
        'You were signed out on this device. Sign in again to continue.',
        'Google login failed — no authorization code received.',
        // Fallbacks of failed calls, shown in a form, and the HTTP client's words when no answer came
        'Invalid credentials',
        'Passkey sign-in failed',
        'Failed to send OTP',
        'Invalid code',
        'Invalid OTP',
        'Signup failed',
        'Could not reach the server',
        'The server took too long to answer',
        'Request failed',
      ]),
    ).toEqual([]);
  });

  it("translate the forms' checks as the schemas word them", () => {
    const long = (length: number) => 'x'.repeat(length);
    const refused = [
      signupBody.safeParse({}),
      signupBody.safeParse({ name: long(101), email: 'a@b', password: long(129) }),
      signInBody.safeParse({}),
      resetPasswordBody.safeParse({}),
      contactBody.safeParse({ name: ' ', email: 'x', phoneNumber: ' ', message: ' ' }),
      twoFactorSignInBody.safeParse({}),
    ];
    const messages = refused.flatMap((parsed) => parsed.error?.issues.map((issue) => issue.message) ?? []);
    expect(messages.length).toBeGreaterThan(10);
    expect(missing(messages)).toEqual([]);
  });
});

describe('the booking islands in Hindi', () => {
  it('translate every text they pass to t(), and the messages they keep in constants', async () => {
    const { BOOK } = await import('../../src/i18n/hi/book.ts');
    const catalog: Catalog = { ...UI, ...BOOK };
    const keys = keysIn(['src/islands/book']);
    expect(keys.length).toBeGreaterThan(25);
    const kept = [
      'Required',
      'Enter a Vaild Email',
      'Choose a time',
      'Could not load the free times.',
      'That time was just taken. Please pick another.',
      'Your call is moved.',
      'Your call is cancelled.',
    ];
    expect([...keys, ...kept].filter((text) => !(text in catalog))).toEqual([]);
  });
});
