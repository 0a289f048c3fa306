import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatNumber } from '../../src/lib/intl-format.ts';

describe('kept formatters', () => {
  afterEach(() => vi.restoreAllMocks());

  it('write what toLocaleString writes', () => {
    const options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
    const date = new Date('2026-11-29T07:30:00Z');
    expect(formatDateTime(date, 'en-GB', options)).toBe(date.toLocaleDateString('en-GB', options));
    expect(formatDateTime(date, 'hi-IN', options)).toBe(date.toLocaleDateString('hi-IN', options));
    expect(formatNumber(100000, 'en-IN')).toBe('1,00,000');
    expect(formatNumber(12.345, 'en-IN', { maximumFractionDigits: 1 })).toBe('12.3');
  });

  it('make one formatter per options and locale, however many values they write', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
    for (let day = 1; day <= 90; day++) formatDateTime(Date.UTC(2026, 0, day), 'en-GB', options);
    expect(made).toHaveBeenCalledTimes(1);
    formatDateTime(0, 'hi-IN', options);
    formatDateTime(0, 'en-GB', { dateStyle: 'medium' });
    expect(made).toHaveBeenCalledTimes(3);
  });
});
