// UTC days as the database stores them (`date`, YYYY-MM-DD): the analytics' days, the statistics' days.

/** The UTC day of an instant, as YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** YYYY-MM-DD plus n days (n may be negative). */
export function addDays(day: string, n: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));
}
