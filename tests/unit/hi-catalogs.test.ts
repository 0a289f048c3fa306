// Every Hindi catalog (src/i18n/hi/*.ts, each export an English text -> Hindi map) holds translations a
// reader can use: no empty text, Hindi written in Devanagari rather than left in English or transliterated
// into Latin letters, and the same `{name}` blanks as the English key, so that no value goes missing when
// the text is filled. A catalog added to the folder is checked without being named here.
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../src/i18n/translate.ts';

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
