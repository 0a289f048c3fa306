import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { adminErrorMessage } from './admin-error.ts';

/**
 * The admin report at `path` over the last `days` days, fetched again when the period changes. The figures
 * shown stay until the new period's arrive (charts keep their state, e.g. an open table); the answer of an
 * earlier period that arrives late is dropped, so the figures end up matching the period chosen.
 */
export function usePeriodReport<T>(path: string, days: number): { report: T | null; error: string } {
  const [report, setReport] = useState<T | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    api
      .get<T>(path, { days })
      .then((body) => {
        if (!current) return;
        setReport(body);
        setError('');
      })
      .catch((err: unknown) => {
        if (current) setError(adminErrorMessage(err));
      });
    return () => {
      current = false;
    };
  }, [path, days]);

  return { report, error };
}
