// One page of an admin list (users, enquiries, trash, activity) with the API's paging, search and filters.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { adminErrorMessage } from './admin-error.ts';
import { LIMITS } from '../../lib/constants.ts';
import type { Page } from '../../lib/schemas/admin.ts';

/**
 * `cursorPaged`: the API pages this list by cursor and may estimate its total (users, enquiries), so the
 * Next button follows the cursor rather than the total.
 */
export function useAdminList<T>(path: string, { cursorPaged = false } = {}) {
  const [page, setPageNumber] = useState(1);
  /**
   * The `after` cursor of each page reached with Next (index 0: the first page, none), so that a deep page
   * is one index range for the API instead of an offset. Lists without cursors ignore them.
   */
  const [cursors, setCursors] = useState<(string | undefined)[]>([]);
  const [q, setQ] = useState('');
  /** Extra query parameters (a status, a kind); an empty value means no filter. */
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [list, setList] = useState<Page<T> | null>(null);
  const [error, setError] = useState('');

  /** The newest load: an answer to an older one (the filter changed meanwhile) arrives stale and is dropped. */
  const latest = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    try {
      const chosen = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
      const after = cursors[page - 1];
      const body = await api.get<Page<T>>(path, {
        page,
        pageSize: LIMITS.adminPageSize,
        ...(after ? { after } : {}),
        ...(q ? { q } : {}),
        ...chosen,
      });
      if (ticket !== latest.current) return;
      // Deleting the last row of the last page leaves that page empty: step back one.
      if (body.data.length === 0 && page > 1) return setPageNumber(page - 1);
      setList(body);
      setError('');
    } catch (err) {
      if (ticket !== latest.current) return;
      console.error(`Could not load ${path}`, err);
      setError(adminErrorMessage(err));
    }
  }, [path, page, cursors, q, filters]);

  useEffect(() => {
    void load();
  }, [load]);

  const setPage = (next: number) => {
    if (next === page + 1 && list?.nextCursor) {
      const known = cursors.slice(0, page);
      known[page] = list.nextCursor;
      setCursors(known);
    }
    setPageNumber(next);
  };
  const search = (text: string) => {
    setCursors([]);
    setPageNumber(1);
    setQ(text.trim());
  };
  const filter = (name: string, value: string) => {
    setCursors([]);
    setPageNumber(1);
    setFilters((f) => ({ ...f, [name]: value }));
  };
  /** What ListControls shows of the list: its size, the page, and the last load's error. */
  const controls = {
    total: list?.total,
    estimated: list?.totalEstimated,
    hasNext: cursorPaged && list ? list.nextCursor !== undefined : undefined,
    page,
    setPage,
    error,
  };
  return { list, controls, q, search, filters, filter, reload: load };
}
