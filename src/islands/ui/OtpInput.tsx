// Six one-character boxes: typing moves forward, Backspace in an empty box moves back, and a paste
// (or a one-time-code autofill into the first box) fills the boxes in order.
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { LIMITS } from '../../lib/constants.ts';
import { inputClass } from './classes.ts';
import { useT } from './i18n.tsx';

interface Props {
  id: string;
  value: string[];
  onChange: (digits: string[]) => void;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
}

export const emptyOtp = () => Array<string>(LIMITS.otpLength).fill('');
const digitsOf = (text: string) => text.replace(/\D/g, '').slice(0, LIMITS.otpLength).split('');

export function OtpInput({ id, value, onChange, required, invalid, describedBy }: Props) {
  const t = useT();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  // Keys can arrive faster than React re-renders: each change builds on the latest digits, not a stale render's.
  const latest = useRef(value);
  latest.current = value;
  const update = (next: string[]) => {
    latest.current = next;
    onChange(next);
  };
  const focus = (i: number) => boxes.current[Math.max(0, Math.min(LIMITS.otpLength - 1, i))]?.focus();

  const fillFrom = (start: number, digits: string[]) => {
    const next = [...latest.current];
    digits.forEach((d, k) => {
      if (start + k < LIMITS.otpLength) next[start + k] = d;
    });
    update(next);
    focus(start + digits.length);
  };

  const onInput = (i: number, text: string) => {
    const digits = digitsOf(text);
    if (digits.length === 0) {
      const next = [...latest.current];
      next[i] = '';
      update(next);
    } else if (text.length <= 2) {
      // Typing into a full box replaces its digit with the new one.
      fillFrom(i, digits.slice(-1));
    } else {
      fillFrom(i, digits);
    }
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    // A typed digit is taken here, not from the change event: retyping the digit a box already holds
    // changes nothing, so React fires no onChange and focus would not move on.
    if (/^\d$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      fillFrom(i, [e.key]);
    } else if (e.key === 'Backspace' && !latest.current[i] && i > 0) {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') focus(i - 1);
    else if (e.key === 'ArrowRight') focus(i + 1);
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const digits = digitsOf(e.clipboardData.getData('text'));
    if (digits.length) fillFrom(0, digits);
  };

  return (
    <div className="flex justify-center gap-2 sm:gap-3">
      {value.map((digit, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are fixed positions; the position is their identity.
        <div key={i}>
          <label htmlFor={`${id}-${i}`} className="sr-only">
            {t('Digit {index} of {count}', { index: i + 1, count: LIMITS.otpLength })}
          </label>
          <input
            ref={(el) => {
              boxes.current[i] = el;
            }}
            id={`${id}-${i}`}
            name={`${id}-${i}`}
            type="text"
            inputMode="numeric"
            pattern="[0-9]"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            maxLength={i === 0 ? LIMITS.otpLength : 2}
            required={required}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            value={digit}
            onChange={(e) => onInput(i, e.target.value)}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={onPaste}
            onFocus={(e) => e.target.select()}
            className={`${inputClass} size-11 px-0 text-center text-lg font-semibold sm:size-12`}
          />
        </div>
      ))}
    </div>
  );
}
