/** Calendar days as `YYYY-MM-DD` strings, by UTC arithmetic only (no machine time zone). */

/** A day (or the day of an ISO time) shifted by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whether a string is a real `YYYY-MM-DD` day (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}
