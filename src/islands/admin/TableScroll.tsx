import type { ReactNode } from 'react';

/**
 * The scrolling box around an admin table: a named region that takes keyboard focus, so that a table wider
 * than the screen can be scrolled with the arrow keys even when it holds no link or button.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section aria-label={label} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200">
      {children}
    </section>
  );
}
