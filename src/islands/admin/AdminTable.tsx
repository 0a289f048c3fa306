// An admin list drawn as a table: a caption for screen readers, one header row, and the rows the list
// gives, in a named region that takes keyboard focus, so that a table wider than the screen can be
// scrolled with the arrow keys even when it holds no link or button.
import type { ReactNode } from 'react';

/**
 * Every cell of an admin table, headers included. Long words (e-mail addresses) wrap anywhere and the
 * padding narrows on a phone, so that a table of a few columns fits its width without scrolling.
 */
export const cellClass = 'border-b border-slate-200 px-2 py-3 text-left align-top wrap-anywhere sm:px-4';

interface Props {
  /** The region's name ("Users table"). */
  label: string;
  caption: string;
  headers: readonly string[];
  children: ReactNode;
}

export function AdminTable({ label, caption, headers, children }: Props) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section aria-label={label} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-ink">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className={cellClass}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}
