// Passwords nobody may use: the ~49,000 most common leaked passwords of zxcvbn's maintained list
// (@zxcvbn-ts/language-common), compared lower-cased; also with trailing digits and symbols taken off, so
// 'Summer2024' and 'password1!' count as 'summer' and 'password'; and any run of one repeated character.
import { dictionary } from '@zxcvbn-ts/language-common';

const LEAKED: ReadonlySet<string> = new Set(dictionary['passwords-common']);

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (/^(.)\1*$/su.test(lower)) return true;
  const stem = lower.replace(/[^\p{L}]+$/u, '');
  return LEAKED.has(lower) || (stem.length >= 4 && LEAKED.has(stem));
}
