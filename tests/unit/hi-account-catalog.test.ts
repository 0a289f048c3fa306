// The account islands' Hindi catalog: every translation is Hindi and keeps its key's blanks, and every
// text the islands pass to t() has a translation (in their own catalog or the shared one they spread).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT } from '../../src/i18n/hi/account.ts';
import { UI } from '../../src/i18n/hi/ui.ts';
import { renamePasskeyBody } from '../../src/lib/schemas/passkeys.ts';

const blanks = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The share of Devanagari among the letters, blanks left out (product names such as Google stay Latin). */
function devanagariShare(text: string): number {
  const letters = text.replace(/\{\w+\}/g, '').match(/\p{L}/gu) ?? [];
  const devanagari = letters.filter((c) => /\p{Script=Devanagari}/u.test(c));
  return letters.length === 0 ? 0 : devanagari.length / letters.length;
}

const ISLANDS = 'src/islands/account';
/** The Language panel has a catalog of its own. */
const OWN_CATALOG = new Set(['AccountLanguage.tsx']);

/**
 * Every string literal passed as t()'s first argument in the account islands, also as the fallback of an
 * API answer's message: t(res.message ?? 'Code sent').
 */
function keysInIslands(): string[] {
  const keys = new Set<string>();
  for (const file of readdirSync(ISLANDS)) {
    if (!file.endsWith('.tsx') || OWN_CATALOG.has(file)) continue;
    const source = readFileSync(join(ISLANDS, file), 'utf8');
    const literals = /\bt\(\s*(?:[\w.]+\s*(?:\?\?|\|\|)\s*)?'((?:[^'\\]|\\.)*)'/g;
    for (const m of source.matchAll(literals)) keys.add(m[1]!.replace(/\\'/g, "'"));
  }
  return [...keys];
}

describe('the account islands in Hindi', () => {
  const entries = Object.entries(ACCOUNT);

  it('has translations', () => {
    expect(entries.length).toBeGreaterThan(100);
  });

  it.each(entries)('%s: non-empty, mostly Devanagari, with the same blanks', (english, hindi) => {
    expect(hindi.trim()).not.toBe('');
    expect(hindi).not.toBe(english);
    expect(devanagariShare(hindi)).toBeGreaterThan(0.5);
    expect(blanks(hindi)).toEqual(blanks(english));
  });

  it('translates every text the islands pass to t()', () => {
    const keys = keysInIslands();
    expect(keys.length).toBeGreaterThan(80);
    const catalog = { ...UI, ...ACCOUNT };
    expect(keys.filter((k) => !(k in catalog))).toEqual([]);
  });

  it('translates the texts the islands keep in constants or props and translate where shown', () => {
    const texts = [
      // StepUpForm's `action`
      'add a passkey',
      'set up an authenticator app',
      // Messages a panel sets itself, shown through FormAlert or Field
      'No passkey was added.',
      'Enter your current password',
      // Constants: the delete warning, the enquiry statuses, the empty list's sentence
      'This cannot be undone. Your profile, devices and sign-in methods are deleted and you are signed out everywhere.',
      'New',
      'In progress',
      'Answered',
      'Closed',
      'Messages you send through the {link} while signed in appear here.',
    ];
    expect(texts.filter((text) => !(text in ACCOUNT))).toEqual([]);
  });

  it("translates the passkey name's check as the schema words it", () => {
    const parsed = renamePasskeyBody.safeParse({ name: '' });
    expect(parsed.success).toBe(false);
    expect(ACCOUNT[parsed.error!.issues[0]!.message]).toBeDefined();
  });
});
