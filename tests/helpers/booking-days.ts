// The calls of one whole day of the agency's calendar (India, UTC+05:30) more than two days after `now`,
// from the slots API's list, for the reminder tests: each call is then due its reminder a day before, still
// ahead of `now`. The first day past that cut may keep only its last calls (by the hour a test runs at), so
// this is the first day with at least `count` calls; empty when there is none.
const DAY = 86_400_000;
const INDIA_OFFSET_MS = 5.5 * 3_600_000;

export function callsOfOneWholeDay(starts: string[], now: number, count = 6): string[] {
  const days = new Map<string, string[]>();
  for (const start of starts) {
    if (Date.parse(start) - now <= 2 * DAY) continue;
    const day = new Date(Date.parse(start) + INDIA_OFFSET_MS).toISOString().slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), start]);
  }
  return [...days.values()].find((calls) => calls.length >= count) ?? [];
}
