import { describe, expect, it } from 'vitest';
import { Needles } from '../../src/build/needles.ts';

const found = (needles: Needles, text: string) => {
  const marks = new Uint8Array(needles.words.length);
  needles.scan(text, marks);
  return needles.words.filter((_, i) => marks[i]);
};

describe('Needles', () => {
  it('finds exactly the words that occur in the text, overlapping and nested ones included', () => {
    const needles = new Needles(['he', 'she', 'his', 'hers', 'md:flex', '[&_a]:text-white', 'absent']);
    expect(found(needles, 'ushers')).toEqual(['he', 'she', 'hers']);
    expect(found(needles, 'class="md:flex [&_a]:text-white"')).toEqual(['md:flex', '[&_a]:text-white']);
    expect(found(needles, '')).toEqual([]);
  });

  it('agrees with includes on every word, for generated words and texts', () => {
    // A small alphabet makes many partial matches, so the failure links are exercised.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const word = (n: number, letters = 'abc-:') =>
      Array.from({ length: n }, () => letters[Math.floor(random() * letters.length)]).join('');
    const words = [...new Set(Array.from({ length: 300 }, () => word(1 + Math.floor(random() * 6))))];
    const needles = new Needles(words);
    for (let t = 0; t < 50; t++) {
      // The texts also hold a letter that no word has: it leads back to the start.
      const text = word(Math.floor(random() * 200), 'abc-:x');
      expect(found(needles, text)).toEqual(words.filter((w) => text.includes(w)));
    }
  });
});
