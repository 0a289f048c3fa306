// Search box, filters and pager of an admin list; all go through the API (query `q`, filters, `page`,
// `pageSize`).
import { useState, type SubmitEvent, type ReactNode } from 'react';
import { LIMITS } from '../../lib/constants.ts';
import { formatNumber } from '../../lib/intl-format.ts';
import { inputClass, labelClass, secondaryButton } from '../ui/classes.ts';

interface Props {
  id: string;
  noun: string;
  /** The noun for a single item ("1 user found"). */
  one: string;
  total: number | undefined;
  /** The total is the database's estimate (a large list): shown as "about". */
  estimated?: boolean | undefined;
  /** For lists paged by cursor: whether a next page exists (the total may be an estimate). */
  hasNext?: boolean | undefined;
  page: number;
  setPage: (page: number) => void;
  /** Absent for lists without a search box. */
  search?: (q: string) => void;
  /** Filters and actions shown beside the search box (a status select, an export button). */
  tools?: ReactNode;
  error: string;
  children: ReactNode;
}

/** An admin list's search box: the words (trimmed) go to `onSearch` when sent, by Enter or the button. */
export function SearchBox({ id, label, onSearch }: { id: string; label: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState('');
  const send = (e: SubmitEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search className="min-w-56 flex-1">
      <form onSubmit={send} className="flex flex-wrap items-end gap-2">
        <div className="min-w-56 flex-1">
          <label htmlFor={id} className={labelClass}>
            {label}
          </label>
          <input
            id={id}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            className={`mt-1 ${inputClass}`}
          />
        </div>
        <button type="submit" className={secondaryButton}>
          Search
        </button>
      </form>
    </search>
  );
}

export function ListControls({
  id,
  noun,
  one,
  total,
  estimated,
  hasNext,
  page,
  setPage,
  search,
  tools,
  error,
  children,
}: Props) {
  const pages = Math.max(1, Math.ceil((total ?? 0) / LIMITS.adminPageSize));
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        {search && <SearchBox id={`${id}-search`} label={`Search ${noun}`} onSearch={search} />}
        {tools}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          Could not load the {noun}: {error}
        </p>
      )}
      <p className="text-sm text-slate-600" aria-live="polite">
        {total === undefined
          ? `Loading ${noun}…`
          : estimated
            ? `About ${formatNumber(total, 'en')} ${noun} found`
            : `${total} ${total === 1 ? one : noun} found`}
      </p>
      {children}
      <nav aria-label={`${noun} pages`} className="flex items-center justify-between gap-4 text-sm">
        <button type="button" className={secondaryButton} disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </button>
        <span>
          Page {page} of {estimated ? 'about ' : ''}
          {pages}
        </span>
        <button
          type="button"
          className={secondaryButton}
          disabled={hasNext === undefined ? page >= pages : !hasNext}
          onClick={() => setPage(page + 1)}
        >
          Next
        </button>
      </nav>
    </div>
  );
}
