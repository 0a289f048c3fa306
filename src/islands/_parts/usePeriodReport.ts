import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../lib/api-client.ts';

/**
 * The admin report at `path` over the last `days` days, fetched again when the period changes. The answer
 * of an earlier period that arrives late is dropped, so the figures always match the period shown.
 */
export function usePeriodReport<T>(path: string, days: number): { report: T | null; error: string } {
  const [report, setReport] = useState<T | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    setReport(null);
    api
      .get<T>(path, { days })
      .then((body) => {
        if (!current) return;
        setReport(body);
        setError('');
      })
      .catch((err: unknown) => {
        if (current) setError(errorMessage(err));
      });
    return () => {
      current = false;
    };
  }, [path, days]);

  return { report, error };
}
